import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

export class ProductDetailsDto {
  @Type(() => Number)
  @IsInt({ message: '商品編號格式錯誤' })
  @Min(1, { message: '商品編號格式錯誤' })
  @Max(2147483647, { message: '商品編號格式錯誤' })
  product_id: number;
}
