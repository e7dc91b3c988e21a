import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { BANK_ACCOUNT_RE, BANK_CODE_RE, REFUND_MSG, REFUND_REASON_MAX } from '../../../common/validation/admin';
import { IfPresent, IsFilled, ToWholeNumber, Trim } from '../../../common/validation/decorators';

const MAX_ID = 2147483647;

/** A manual refund's destination account (ATM, CVS, cash on delivery). */
export class RefundBankDto {
  @Trim()
  @Matches(BANK_CODE_RE, { message: REFUND_MSG.bankCodeInvalid })
  @IsString({ message: REFUND_MSG.bankCodeInvalid })
  bank_code: string;

  @Trim()
  @Matches(BANK_ACCOUNT_RE, { message: REFUND_MSG.bankAccountInvalid })
  @IsString({ message: REFUND_MSG.bankAccountInvalid })
  account: string;

  @Trim()
  @MaxLength(50, { message: REFUND_MSG.bankNameInvalid })
  @IsFilled({ message: REFUND_MSG.bankNameInvalid })
  @IsString({ message: REFUND_MSG.bankNameInvalid })
  name: string;
}

/** One line of a refund by line: the order line (order_items.id) and how many of its units. */
export class RefundLineDto {
  @ToWholeNumber()
  @Max(MAX_ID, { message: REFUND_MSG.itemNotInOrder })
  @Min(1, { message: REFUND_MSG.itemNotInOrder })
  @IsInt({ message: REFUND_MSG.itemNotInOrder })
  order_item_id: number;

  @ToWholeNumber()
  @Max(100_000, { message: REFUND_MSG.quantityInvalid })
  @Min(1, { message: REFUND_MSG.quantityInvalid })
  @IsInt({ message: REFUND_MSG.quantityInvalid })
  quantity: number;
}

/**
 * `POST /api/admin/refundOrder {order_id, amount?, items?, shipping?, reason, restock, bank?}`.
 * `items` names lines and units; `amount` (the refund's total) is spread over the lines; neither:
 * everything left. `shipping`: the shipping fee (what is left of it) goes back too.
 */
export class RefundOrderDto {
  @ToWholeNumber()
  @Max(MAX_ID, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;

  /** Absent: everything not refunded yet. */
  @ToWholeNumber()
  @Max(MAX_ID, { message: REFUND_MSG.amountInvalid })
  @Min(1, { message: REFUND_MSG.amountInvalid })
  @IsInt({ message: REFUND_MSG.amountInvalid })
  @IfPresent()
  amount?: number;

  /** Lines and units to refund (each line once). */
  @ValidateNested({ each: true })
  @Type(() => RefundLineDto)
  @ArrayMaxSize(200, { message: GENERIC_BAD_REQUEST })
  @ArrayMinSize(1, { message: REFUND_MSG.itemsRequired })
  @IsArray({ message: REFUND_MSG.itemsRequired })
  @IfPresent()
  items?: RefundLineDto[];

  /** The shipping fee goes back too (absent: an amount fills the lines first, then the shipping fee, as before). */
  @IsBoolean({ message: GENERIC_BAD_REQUEST })
  @IfPresent()
  shipping?: boolean;

  @Trim()
  @MaxLength(REFUND_REASON_MAX, { message: REFUND_MSG.reasonTooLong })
  @IsFilled({ message: REFUND_MSG.reasonRequired })
  @IsString({ message: REFUND_MSG.reasonRequired })
  reason: string;

  @IsBoolean({ message: GENERIC_BAD_REQUEST })
  restock: boolean;

  @ValidateNested()
  @Type(() => RefundBankDto)
  @IfPresent()
  bank?: RefundBankDto;
}

/** `POST /api/admin/handleReturnRequest {request_id, approve, reason}`. */
export class HandleReturnDto {
  @ToWholeNumber()
  @Max(MAX_ID, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  request_id: number;

  @IsBoolean({ message: GENERIC_BAD_REQUEST })
  approve: boolean;

  /** Required to refuse; optional (may be '') to approve. */
  @Trim()
  @MaxLength(REFUND_REASON_MAX, { message: REFUND_MSG.reasonTooLong })
  @IsString({ message: REFUND_MSG.returnRefuseReasonRequired })
  @IfPresent()
  reason?: string;
}

/** `POST /api/order/requestReturn {order_id, reason}` (member). */
export class RequestReturnDto {
  @OptionalUserId()
  user_id?: number;

  @ToWholeNumber()
  @Max(MAX_ID, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;

  @Trim()
  @MaxLength(REFUND_REASON_MAX, { message: REFUND_MSG.reasonTooLong })
  @IsFilled({ message: REFUND_MSG.returnReasonRequired })
  @IsString({ message: REFUND_MSG.returnReasonRequired })
  reason: string;
}

/** `POST /api/admin/updateRefundSettings {staffRefundLimit}` (owner), NT$. */
export class UpdateRefundSettingsDto {
  @ToWholeNumber()
  @Max(100_000_000, { message: REFUND_MSG.limitInvalid })
  @Min(0, { message: REFUND_MSG.limitInvalid })
  @IsInt({ message: REFUND_MSG.limitInvalid })
  staffRefundLimit: number;
}

/** `POST /api/admin/refundBankAccount {refund_id}`, `POST /api/admin/completeManualRefund {refund_id}`. */
export class RefundIdDto {
  @ToWholeNumber()
  @Max(MAX_ID, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  refund_id: number;
}

/** `GET /api/admin/refundable?order_id=`. */
export class RefundableQueryDto {
  @ToWholeNumber()
  @Max(MAX_ID, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;
}
