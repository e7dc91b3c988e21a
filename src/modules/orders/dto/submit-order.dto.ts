import { Transform, Type } from 'class-transformer';
import { Allow, ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { CHECKOUT_MSG } from '../../../common/validation/checkout-rules';
import { IfPresent, ToWholeNumber } from '../../../common/validation/decorators';
import { AddonRequestDto, AddonsField, CartItemDto, CouponCodeField, CouponCodesField, MAX_CART_LINES, UsePointsField } from '../../promotions/quote-fields';

// The cart line and the promotion fields are the quote's too (POST /api/cart/quote): declared once there.
export { CartItemDto, MAX_CART_LINES };
/** The longest text any checkout field may carry (each column's own limit is checked by the rules). */
const MAX_TEXT = 255;

/** An optional text field: a string when present (null, numbers, arrays… are refused with `message`). */
function Text(message: string, max = MAX_TEXT): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    MaxLength(max, { message: CHECKOUT_MSG.fieldTooLong })(target, key);
    IsString({ message })(target, key);
    IfPresent()(target, key);
  };
}

/** Accepted and dropped: never stored, never logged (the hosted 3-D Secure page takes the card). */
function Dropped(): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    Transform(() => undefined)(target, key);
    Allow()(target, key);
  };
}

/**
 * `POST /api/order/submitOrder` (spec 2 §3 "submitted order", issue 10 field names). Here only
 * the JSON types and sizes; the form rules and their spec texts are `checkoutProblems`
 * (src/common/validation/checkout-rules.ts), checked by the service like the client does.
 */
export class SubmitOrderDto {
  @OptionalUserId()
  user_id?: number;

  @Text(CHECKOUT_MSG.buyerNameRequired) buy_name?: string;
  @Text(CHECKOUT_MSG.buyerPhoneInvalid) buy_phone?: string;
  @Text(CHECKOUT_MSG.buyerEmailInvalid) buy_email?: string;

  @Text(CHECKOUT_MSG.receiverNameRequired) name?: string;
  @Text(CHECKOUT_MSG.receiverPhoneRequired) phone?: string;
  @Text(CHECKOUT_MSG.homeAddressIncomplete) city?: string;
  @Text(CHECKOUT_MSG.homeAddressIncomplete) district?: string;
  @Text(CHECKOUT_MSG.homeAddressIncomplete) zip?: string;
  @Text(CHECKOUT_MSG.homeAddressIncomplete) street?: string;
  @Text(CHECKOUT_MSG.generalInvalid) store_id?: string;
  @Text(CHECKOUT_MSG.generalInvalid) store_name?: string;
  @Text(CHECKOUT_MSG.generalInvalid) store_addr?: string;

  @ToWholeNumber()
  @IsInt({ message: CHECKOUT_MSG.shippingRequired })
  @IfPresent()
  shipping?: number;

  @Text(CHECKOUT_MSG.deliverySlotInvalid) deliveryTimeSlot?: string;
  @Text(CHECKOUT_MSG.paymentRequired) payment?: string;
  @Text(CHECKOUT_MSG.bankRequired) bankCode?: string;
  @Text(CHECKOUT_MSG.invoiceTypeRequired) invoiceType?: string;
  @Text(CHECKOUT_MSG.carrierRequired) carrierType?: string;
  @Text(CHECKOUT_MSG.mobileBarcodeInvalid) mobileBarcode?: string;
  @Text(CHECKOUT_MSG.citizenBarcodeInvalid) citizenBarcode?: string;
  @Text(CHECKOUT_MSG.companyNameRequired) companyName?: string;
  @Text(CHECKOUT_MSG.taxIdInvalid) taxId?: string;
  @Text(CHECKOUT_MSG.donateCodeInvalid) donateCode?: string;

  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  @ArrayMaxSize(MAX_CART_LINES, { message: CHECKOUT_MSG.generalInvalid })
  @ArrayMinSize(1, { message: CHECKOUT_MSG.cartEmpty })
  @IsArray({ message: CHECKOUT_MSG.cartEmpty })
  cartItems: CartItemDto[];

  /** The code typed at checkout (spec 4 §7); refused codes answer 400 with the reason. */
  @CouponCodeField() couponCode?: string;
  /** One code per order: a list of more than one is refused (一筆訂單限用一組折扣碼). */
  @CouponCodesField() couponCodes?: string[];
  /** Points to use (issue 21). */
  @UsePointsField() usePoints?: number;
  /** 加價購 the shopper added. */
  @AddonsField() addons?: AddonRequestDto[];

  /** The total the shopper saw; the server's own total decides (a difference is refused, 409). */
  @ToWholeNumber()
  @Min(0, { message: CHECKOUT_MSG.generalInvalid })
  @IsInt({ message: CHECKOUT_MSG.generalInvalid })
  totalAmount: number;

  /** The client's address book as it was (spec 2 §3): accepted and ignored (the order's address is the form's). */
  @Dropped() addresses?: unknown;

  // Card fields of the spec's form: the hosted page takes the card; these are dropped unread.
  @Dropped() cardNumber?: unknown;
  @Dropped() card_number?: unknown;
  @Dropped() cardnumber?: unknown;
  @Dropped() expiry?: unknown;
  @Dropped() expiryDate?: unknown;
  @Dropped() card_expiry?: unknown;
  @Dropped() cvc?: unknown;
  @Dropped() cvv?: unknown;
  @Dropped() card_cvc?: unknown;
  @Dropped() cardHolder?: unknown;
  @Dropped() cardholder?: unknown;
  @Dropped() card_holder?: unknown;
  @Dropped() cardName?: unknown;
}

/** `Idempotency-Key` header: up to 64 of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** `POST /api/order/cancelOrder {order_id, user_id?}` (spec 1 §7). */
export class CancelOrderDto {
  @OptionalUserId()
  user_id?: number;

  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;
}

/** `GET /api/order/getUserOrdersByPage?page=&limit=&user_id=` (spec 1 §7): page from 1, limit 1–50 (default 5). */
export class OrdersPageQuery {
  @OptionalUserId()
  user_id?: number;

  @ValidateIf((_o, v) => v !== undefined && v !== '')
  @ToWholeNumber()
  @Max(1_000_000, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  page?: number;

  @ValidateIf((_o, v) => v !== undefined && v !== '')
  @ToWholeNumber()
  @Max(50, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  limit?: number;
}
