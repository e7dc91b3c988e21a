import { IsInt, Max, Min } from 'class-validator';
import { ToWholeNumber } from '../../../common/validation/decorators';

/** `POST /api/load/productDetails`: product_id as a number or decimal digits (never true, [] or "1e3"). */
export class ProductDetailsDto {
  @ToWholeNumber()
  @IsInt({ message: '商品編號格式錯誤' })
  @Min(1, { message: '商品編號格式錯誤' })
  @Max(2147483647, { message: '商品編號格式錯誤' })
  product_id: number;
}
