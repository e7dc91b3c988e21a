import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { IfPresent, ToWholeNumber, Trim } from '../../common/validation/decorators';
import { AdminPageDto, BlankToUndefined, IfGiven } from '../../common/validation/admin-page.dto';

/** Admin orders page size (spec 2 §9); the cap is AdminPageDto's. */
export const ADMIN_ORDERS_PAGE_SIZE = 10;


/** `YYYY-MM-DD`, a real calendar date. */
export const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * `POST /api/admin/getOrdersByPage {limit, offset, startDate, endDate, keyword, status_code, payment_status}`
 * (spec 2 §7, §9). Dates are Asia/Taipei days, endDate inclusive; every filter may be '' or absent.
 */
export class AdminOrdersPageDto extends AdminPageDto {
  @BlankToUndefined()
  @IfGiven()
  @Matches(ISO_DAY, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  startDate?: string;

  @BlankToUndefined()
  @IfGiven()
  @Matches(ISO_DAY, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  endDate?: string;

  @Trim()
  @BlankToUndefined()
  @IfGiven()
  @MaxLength(100, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  keyword?: string;

  /** order_status_codes.status_name ('' = every status). */
  @BlankToUndefined()
  @IfGiven()
  @Matches(/^[a-z_]{1,20}$/, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  status_code?: string;

  /** payment_status_codes.status_code ('' = every payment status). */
  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(99, { message: GENERIC_BAD_REQUEST })
  @Min(0, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  payment_status?: number;
}

/** `{ order_id }` of the admin order calls. */
export class AdminOrderIdDto {
  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;
}

/** A receiver text: a string when present (the checkout rules judge the content). */
function ReceiverText(max: number): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    MaxLength(max, { message: CHECKOUT_MSG.fieldTooLong })(target, key);
    IsString({ message: GENERIC_BAD_REQUEST })(target, key);
    IfPresent()(target, key);
    Trim()(target, key);
  };
}

/**
 * `POST /api/admin/updateOrderReceiver {order_id, name, phone, zip, city, district, street}` (spec 2
 * §7). The checkout's receiver rules and texts apply (name Chinese, phone 09 + 8 digits, a complete
 * Taiwan address for home delivery); store orders change name and phone only.
 */
export class UpdateOrderReceiverDto extends AdminOrderIdDto {
  @ReceiverText(50) name?: string;
  @ReceiverText(20) phone?: string;
  @ReceiverText(6) zip?: string;
  @ReceiverText(10) city?: string;
  @ReceiverText(10) district?: string;
  @ReceiverText(200) street?: string;
}
