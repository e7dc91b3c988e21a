import { IsString, MaxLength } from 'class-validator';
import { CHECKOUT_MSG } from '../../../common/validation/checkout-rules';
import { IfPresent } from '../../../common/validation/decorators';
import { CancelOrderDto } from './submit-order.dto';

/** `POST /api/orders/retryPayment {order_id}`: pay one of my unpaid card / LINE Pay orders again with the same method (the order id as cancelOrder takes it). */
export class RetryPaymentDto extends CancelOrderDto {}

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
