import { Type } from 'class-transformer';
import { IsInt, Max, Min, ValidateNested } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { IfPresent, ToWholeNumber } from '../../../common/validation/decorators';
import { RefundBankDto } from './refund.dto';

/** `POST /api/admin/refundExtraPayment {extra_payment_id, bank?}` — `bank`: the account staff transferred to (ATM, CVS). */
export class RefundExtraPaymentDto {
  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  extra_payment_id: number;

  @ValidateNested()
  @Type(() => RefundBankDto)
  @IfPresent()
  bank?: RefundBankDto;
}
