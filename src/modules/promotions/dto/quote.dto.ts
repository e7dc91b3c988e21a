import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, ValidateNested } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { CHECKOUT_MSG } from '../../../common/validation/checkout-rules';
import { IfPresent, ToWholeNumber } from '../../../common/validation/decorators';
import { AddonRequestDto, AddonsField, CartItemDto, CouponCodeField, CouponCodesField, MAX_CART_LINES, UsePointsField } from '../quote-fields';

/**
 * `POST /api/cart/quote` (spec 4 §7): the cart, the shipping method (absent → the first active
 * one), the code typed, points and add-ons. Visitors may ask; the member is the session's.
 */
export class QuoteDto {
  /** Ignored: the member is the session's (spec 4 §6); present only so a client sending it is not refused. */
  @OptionalUserId()
  user_id?: number;

  @ValidateNested({ each: true })
  @Type(() => CartItemDto)
  @ArrayMaxSize(MAX_CART_LINES, { message: CHECKOUT_MSG.generalInvalid })
  @ArrayMinSize(1, { message: CHECKOUT_MSG.cartEmpty })
  @IsArray({ message: CHECKOUT_MSG.cartEmpty })
  cartItems: CartItemDto[];

  @Transform(({ value }: { value: unknown }) => (value === null || value === '' ? undefined : value))
  @ToWholeNumber()
  @IsInt({ message: CHECKOUT_MSG.shippingRequired })
  @IfPresent()
  shipping?: number;

  @CouponCodeField() couponCode?: string;
  @CouponCodesField() couponCodes?: string[];
  @UsePointsField() usePoints?: number;
  @AddonsField() addons?: AddonRequestDto[];
}
