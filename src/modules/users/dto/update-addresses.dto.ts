import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { ToWholeNumber } from '../../../common/validation/decorators';
import { MSG } from '../../../common/validation/messages';

/**
 * One address row. Row rules and their "第 N 筆" messages are checked by the service (they need
 * the row number); here only the shape. Fields the client echoes back from getuser (`id`,
 * `user_id`, `zip`) are accepted: the list is replaced, the zip recomputed, the owner is the session.
 */
export class AddressRowDto {
  @IsOptional() @ToWholeNumber() @IsInt({ message: MSG.updateFailed }) id?: number;
  @OptionalUserId() user_id?: number;
  @IsOptional() @IsString({ message: MSG.updateFailed }) shipping_type?: string;
  @IsOptional() @IsString({ message: MSG.updateFailed }) city?: string;
  @IsOptional() @IsString({ message: MSG.updateFailed }) district?: string;
  @IsOptional() @IsString({ message: MSG.updateFailed }) zip?: string;
  @IsOptional() @IsString({ message: MSG.updateFailed }) street?: string;
  @IsOptional() @IsString({ message: MSG.updateFailed }) store_id?: string;
  @IsOptional() @IsString({ message: MSG.updateFailed }) store_name?: string;
  @IsOptional() @IsString({ message: MSG.updateFailed }) store_addr?: string;
  @IsOptional() @IsIn([0, 1, true, false], { message: MSG.updateFailed }) is_default?: number | boolean;
}

/** `POST /api/user/updateAddresses` (spec 2 §7): the member's whole list. */
export class UpdateAddressesDto {
  @OptionalUserId()
  user_id?: number;

  @ValidateNested({ each: true })
  @Type(() => AddressRowDto)
  @ArrayMaxSize(10, { message: MSG.addressMax })
  @ArrayMinSize(1, { message: MSG.addressMin })
  @IsArray({ message: MSG.addressMin })
  addresses: AddressRowDto[];
}
