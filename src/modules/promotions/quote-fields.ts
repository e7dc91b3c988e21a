import { HttpStatus } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AppError } from '../../common/errors/app-error';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { IfPresent, ToWholeNumber } from '../../common/validation/decorators';
import { INVALID_QUANTITY, MAX_LINE_QUANTITY } from '../catalog/stock.service';
import { COUPON_MSG } from './engine/messages';

/**
 * The promotion fields of a cart request (spec 4 §7), declared once: `POST /api/cart/quote` and
 * `POST /api/order/submitOrder` both carry them. (A plain file rather than `dto/`: the orders
 * module's DTO imports it, and another module's `dto/` is its own.)
 */

/** Spec 4 §5: points must be a whole number ≥ 0. */
export const USE_POINTS_INVALID = '請輸入正確的購物金點數';
/** A typed code longer than this is not a code (codes are 6–20); anything up to it is looked up. */
export const MAX_TYPED_CODE = 64;
/** Add-on lines one request may carry. */
export const MAX_ADDONS = 20;
/** Codes one `couponCodes` list may carry (more than one is refused anyway). */
const MAX_CODES = 10;

/** Lines one order (and one quote) may have (the cart never holds this many). */
export const MAX_CART_LINES = 100;

/** One cart line: which product and variant, how many. Prices and names come from the database. */
export class CartItemDto {
  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  product_id: number;

  /** 0 or null: the product has no variants (spec 1 §3). */
  @Transform(({ value }: { value: unknown }) => (value === null ? 0 : value))
  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(0, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  variant_id: number;

  @ToWholeNumber()
  @Max(MAX_LINE_QUANTITY, { message: INVALID_QUANTITY })
  @Min(1, { message: INVALID_QUANTITY })
  @IsInt({ message: INVALID_QUANTITY })
  quantity: number;
}

/** One 加價購 the shopper added: the promotion, its variant, how many. */
export class AddonRequestDto {
  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  promotion_id: number;

  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  variant_id: number;

  @ToWholeNumber()
  @Max(MAX_LINE_QUANTITY, { message: INVALID_QUANTITY })
  @Min(1, { message: INVALID_QUANTITY })
  @IsInt({ message: INVALID_QUANTITY })
  quantity: number;
}

/** `couponCode`: one string (trimmed; '' or null = none). */
export function CouponCodeField(): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    Transform(({ value }: { value: unknown }) => (value === null ? undefined : typeof value === 'string' ? value.trim() : value))(target, key);
    MaxLength(MAX_TYPED_CODE, { message: GENERIC_BAD_REQUEST })(target, key);
    IsString({ message: GENERIC_BAD_REQUEST })(target, key);
    IfPresent()(target, key);
  };
}

/** `couponCodes`: a list of strings (more than one different code is refused by the service: 一筆訂單限用一組折扣碼). */
export function CouponCodesField(): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    Transform(({ value }: { value: unknown }) => (value === null ? undefined : Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value))(target, key);
    MaxLength(MAX_TYPED_CODE, { each: true, message: GENERIC_BAD_REQUEST })(target, key);
    IsString({ each: true, message: GENERIC_BAD_REQUEST })(target, key);
    ArrayMaxSize(MAX_CODES, { message: GENERIC_BAD_REQUEST })(target, key);
    IsArray({ message: GENERIC_BAD_REQUEST })(target, key);
    IfPresent()(target, key);
  };
}

/** `usePoints`: a whole number ≥ 0 (請輸入正確的購物金點數); absent or null = 0. */
export function UsePointsField(): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    Transform(({ value }: { value: unknown }) => (value === null || value === '' ? undefined : value))(target, key);
    ToWholeNumber()(target, key);
    Max(2147483647, { message: USE_POINTS_INVALID })(target, key);
    Min(0, { message: USE_POINTS_INVALID })(target, key);
    IsInt({ message: USE_POINTS_INVALID })(target, key);
    IfPresent()(target, key);
  };
}

/** `addons`: up to MAX_ADDONS of {promotion_id, variant_id, quantity}. */
export function AddonsField(): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    Transform(({ value }: { value: unknown }) => (value === null ? undefined : value))(target, key);
    ValidateNested({ each: true })(target, key);
    Type(() => AddonRequestDto)(target, key);
    ArrayMaxSize(MAX_ADDONS, { message: GENERIC_BAD_REQUEST })(target, key);
    IsArray({ message: GENERIC_BAD_REQUEST })(target, key);
    IfPresent()(target, key);
  };
}

/**
 * The code of a request, upper-case: `couponCode`, or the one code of `couponCodes`; null when
 * none. More than one code (a list of two, or a list naming another code than `couponCode`) is
 * refused before the engine (spec 4 §4: 一筆訂單限用一組折扣碼).
 */
export function typedCodeOf(dto: { couponCode?: string; couponCodes?: string[] }): string | null {
  const listed = (dto.couponCodes ?? []).map((c) => c.trim().toUpperCase()).filter((c) => c !== '');
  const codes = new Set(listed);
  if (dto.couponCode) codes.add(dto.couponCode.trim().toUpperCase());
  if (listed.length > 1 || codes.size > 1) throw new AppError(COUPON_MSG.oneCodeOnly, HttpStatus.BAD_REQUEST);
  return codes.size === 1 ? [...codes][0] : null;
}
