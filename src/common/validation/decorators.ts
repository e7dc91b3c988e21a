import { Transform } from 'class-transformer';
import { ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';
import {
  isChineseName,
  isCitizenBarcode,
  isEmailAddress,
  isMobileBarcodeCarrier,
  isTaiwanMobile,
  isTaxId,
  isValidBirthday,
  isValidPassword,
  normalizeEmail,
  normalizeTaiwanMobile,
} from './taiwan';
import { moneyProblem, parseMoney, type MoneyField } from './money';

/**
 * class-validator decorators over the shared rules in ./taiwan, for request DTOs.
 * class-validator runs a property's rules bottom-up: put the presence check lowest.
 */

const rule = (name: string, test: (value: unknown) => boolean, options?: ValidationOptions) =>
  ValidateBy({ name, validator: { validate: (value: unknown) => test(value) } }, options);

export const IsTaiwanMobile = (options?: ValidationOptions) => rule('isTaiwanMobile', isTaiwanMobile, options);
export const IsShopPassword = (options?: ValidationOptions) => rule('isShopPassword', isValidPassword, options);
export const IsChineseName = (options?: ValidationOptions) => rule('isChineseName', isChineseName, options);
export const IsEmailAddress = (options?: ValidationOptions) => rule('isEmailAddress', isEmailAddress, options);
export const IsBirthday = (options?: ValidationOptions) => rule('isBirthday', (v) => isValidBirthday(v), options);
export const IsTaxId = (options?: ValidationOptions) => rule('isTaxId', isTaxId, options);
export const IsMobileBarcode = (options?: ValidationOptions) => rule('isMobileBarcode', isMobileBarcodeCarrier, options);
export const IsCitizenBarcode = (options?: ValidationOptions) => rule('isCitizenBarcode', isCitizenBarcode, options);

/** Present: a string with something other than spaces. */
export const IsFilled = (options?: ValidationOptions) =>
  rule('isFilled', (v) => typeof v === 'string' && v.trim() !== '', options);

/**
 * The property's rules apply unless it is absent (undefined). Unlike IsOptional, null is checked
 * like any other value: for a selector such as `type`, null is a wrong value, not "not given".
 */
export const IfPresent = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** A whole number sent as a JSON number or as decimal digits; anything else (true, [], "1e3") is left for IsInt to refuse. */
export const ToWholeNumber = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^[0-9]{1,10}$/.test(value.trim()) ? Number(value) : value));

/** Trims strings (other values pass through for the type checks to refuse). */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** `+886 912 345 678` → `0912345678` before validation. */
export const NormalizeMobile = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeTaiwanMobile(value) : value));

/** Trimmed, lower-case e-mail before validation. */
export const NormalizeEmail = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeEmail(value) : value));

/** An NT$ amount typed as text ("1,200") becomes its number; anything else is left as sent for IsMoney to refuse (never coerced to 0). */
export const ToMoney = () =>
  Transform(({ value }: { value: unknown }) => {
    const n = parseMoney(value);
    return n === null ? value : n;
  });

/** An NT$ amount of `field` (the shared rule of ./money): a whole number from min to max; the message names the field. */
export const IsMoney = (field: MoneyField) =>
  ValidateBy(
    { name: 'isMoney', validator: { validate: (value: unknown) => moneyProblem(value, field) === null } },
    { message: ({ value }) => moneyProblem(value, field) ?? '' },
  );
