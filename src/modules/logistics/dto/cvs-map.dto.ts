import { IsBoolean } from 'class-validator';
import { OptionalUserId } from '../../../common/auth/ownership';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { IfPresent } from '../../../common/validation/decorators';

/** `POST /api/order/getCvsMapUrl` (spec 2 §7): `{ user_id?, isMobile }`. */
export class CvsMapDto {
  @OptionalUserId()
  user_id?: number;

  /** The phone layout of the map, coming back through /checkoutCvsResult; absent = desktop (a popup). */
  @IfPresent()
  @IsBoolean({ message: GENERIC_BAD_REQUEST })
  isMobile?: boolean;
}
