import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { OptionalUserId } from '../../common/auth/ownership';
import { PRODUCT_NOT_FOUND } from '../catalog/catalog.service';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value);

/** `POST /api/member/wishlist` { product_id }: toggles. A body user_id is ignored (the session's member). */
export class WishlistToggleDto {
  @OptionalUserId()
  user_id?: number;

  @Transform(toInt)
  @IsInt({ message: PRODUCT_NOT_FOUND })
  @Min(1, { message: PRODUCT_NOT_FOUND })
  @Max(2_147_483_647, { message: PRODUCT_NOT_FOUND })
  product_id: number;
}

/** `POST /api/member/restock` { variant_id }. */
export class RestockDto {
  @OptionalUserId()
  user_id?: number;

  @Transform(toInt)
  @IsInt({ message: PRODUCT_NOT_FOUND })
  @Min(1, { message: PRODUCT_NOT_FOUND })
  @Max(2_147_483_647, { message: PRODUCT_NOT_FOUND })
  variant_id: number;
}
