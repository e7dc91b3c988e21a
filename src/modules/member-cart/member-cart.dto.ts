import { Allow, ArrayMaxSize, IsArray } from 'class-validator';
import { OptionalUserId } from '../../common/auth/ownership';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';

/** Lines one request may carry (live lines and removals; a cart holds at most MAX_SERVER_CART_LINES live ones). */
export const MAX_REQUEST_LINES = 200;

/**
 * `PUT /api/member/cart` and `POST /api/member/cart/merge` { cartItems }. The lines are checked one by
 * one by the service (a line that is not a listed product and variant, or whose quantity is not
 * 1–99 — 0 for a removal — is dropped, not an error), so the array's items are left as sent. A body
 * user_id is ignored (the session's member).
 */
export class ServerCartDto {
  @OptionalUserId()
  user_id?: number;

  @Allow()
  @ArrayMaxSize(MAX_REQUEST_LINES, { message: GENERIC_BAD_REQUEST })
  @IsArray({ message: GENERIC_BAD_REQUEST })
  cartItems: unknown[];
}
