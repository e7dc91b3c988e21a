import { Transform, Type } from 'class-transformer';
import { Allow, ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsString, MaxLength, Min, ValidateNested, ValidateBy } from 'class-validator';
import { SETTINGS_MSG } from '../admin-settings.service';
import { isAdminUrl } from '../../../common/validation/admin-content';
import { IsMoney, ToMoney } from '../../../common/validation/decorators';
import { MONEY_FIELDS } from '../../../common/validation/money';

/** true/false, 1/0 and '1'/'0' as 1/0 (a switch); anything else is left for the check to refuse. */
export const ToFlag = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === true || value === 1 || value === '1') return 1;
    if (value === false || value === 0 || value === '0') return 0;
    return value;
  });


export class UpdateSettingDto {
  @Type(() => Number)
  @IsInt({ message: SETTINGS_MSG.updateFailed })
  @Min(1, { message: SETTINGS_MSG.updateFailed })
  s_id: number;

  @IsString({ message: SETTINGS_MSG.updateFailed })
  @MaxLength(1000, { message: SETTINGS_MSG.updateFailed })
  s_value: string;
}

export class UpdatePaymentDto {
  @Type(() => Number)
  @IsInt({ message: SETTINGS_MSG.updateFailed })
  @Min(1, { message: SETTINGS_MSG.updateFailed })
  payment_method_id: number;

  @ToFlag()
  @IsIn([0, 1], { message: SETTINGS_MSG.updateFailed })
  status: 0 | 1;
}

export class UpdateShippingActiveDto {
  @Type(() => Number)
  @IsInt({ message: SETTINGS_MSG.updateFailed })
  @Min(1, { message: SETTINGS_MSG.updateFailed })
  id: number;

  @ToFlag()
  @IsIn([0, 1], { message: SETTINGS_MSG.updateFailed })
  is_active: 0 | 1;
}

export class ShippingMethodInputDto {
  @Type(() => Number)
  @IsInt({ message: SETTINGS_MSG.saveFailed })
  @Min(1, { message: SETTINGS_MSG.saveFailed })
  id: number;

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value))
  @ValidateBy({ name: 'isAdminUrl', validator: { validate: (v: unknown) => isAdminUrl(v, true) } }, { message: SETTINGS_MSG.saveFailed })
  @MaxLength(500, { message: SETTINGS_MSG.saveFailed })
  icon_url: string;

  /** NT$, the shared money rule (never coerced: "-5", "abc", 1.5 are refused by name). */
  @ToMoney()
  @IsMoney(MONEY_FIELDS.shippingCost)
  shipping_cost: number;

  @ToMoney()
  @IsMoney(MONEY_FIELDS.freeShippingThreshold)
  free_shipping_threshold: number;

  @ToFlag()
  @IsIn([0, 1], { message: SETTINGS_MSG.saveFailed })
  is_active: 0 | 1;

  /** Read-only (spec 3 §3): the client sends the whole row back; ignored. */
  @Allow()
  name?: unknown;

  @Allow()
  sort_order?: unknown;
}

export class UpdateShippingDto {
  @IsArray({ message: SETTINGS_MSG.saveFailed })
  @ArrayMinSize(1, { message: SETTINGS_MSG.saveFailed })
  @ArrayMaxSize(50, { message: SETTINGS_MSG.saveFailed })
  @ValidateNested({ each: true })
  @Type(() => ShippingMethodInputDto)
  shipping_methods: ShippingMethodInputDto[];
}
