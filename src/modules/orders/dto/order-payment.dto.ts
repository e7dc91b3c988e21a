import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { CHECKOUT_MSG } from '../../../common/validation/checkout-rules';
import { IfPresent, ToWholeNumber } from '../../../common/validation/decorators';

/** `POST /api/orders/retryPayment {order_id}`: pay one of my unpaid card / LINE Pay orders again with the same method. */
export class RetryPaymentDto {
  @OptionalUserId()
  user_id?: number;

  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;
}

/** `POST /api/orders/changePayment {order_id, payment, bankCode?}`: pay it with another method (atm, cvs, credit, linepay, cod). */
export class ChangePaymentDto extends RetryPaymentDto {
  @MaxLength(20, { message: CHECKOUT_MSG.paymentUnavailable })
  @IsString({ message: CHECKOUT_MSG.paymentRequired })
  payment: string;

  @MaxLength(3, { message: CHECKOUT_MSG.bankRequired })
  @IsString({ message: CHECKOUT_MSG.bankRequired })
  @IfPresent()
  bankCode?: string;
}
