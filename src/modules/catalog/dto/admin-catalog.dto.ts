import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { CATALOG_MSG, PRODUCT_LIMITS } from '../../../common/validation/admin-catalog';
import { IsFilled, ToWholeNumber, Trim } from '../../../common/validation/decorators';
import { AdminPageDto, BlankToUndefined, IfGiven } from '../../../common/validation/admin-page.dto';


/** `POST /api/admin/productslist {limit, offset, searchKeyword, product_type}` (limit ≤ 100). */
export class AdminProductsPageDto extends AdminPageDto {
  @Trim()
  @BlankToUndefined()
  @IfGiven()
  @MaxLength(100, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  searchKeyword?: string;

  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Min(0, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  product_type?: number;
}

/** `PUT /api/admin/products/isActive {product_id, is_active}`. */
export class ProductActiveDto {
  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  product_id: number;

  @ToWholeNumber()
  @IsIn([0, 1], { message: GENERIC_BAD_REQUEST })
  is_active: number;
}

/** `POST /api/admin/product-types`, `PUT /api/admin/product-types/{id}` `{type_name, is_active}`. */
export class ProductTypeDto {
  /** The spec's PUT body repeats the id; the path's id is the one used. */
  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Min(0, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  id?: number;

  @Trim()
  @MaxLength(PRODUCT_LIMITS.typeName, { message: CATALOG_MSG.typeName })
  @IsFilled({ message: CATALOG_MSG.typeName })
  type_name: string;

  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @IsIn([0, 1], { message: GENERIC_BAD_REQUEST })
  is_active?: number;
}
