import type { Envelope } from './envelope';

/** The member's server cart (spec 4 §3, §7; issue 22 §3). Server: src/modules/member-cart. */

export interface ServerCartItem {
  product_id: number;
  variant_id: number;
  /** 0 = removed (sent by the client when a line is deleted; never answered). */
  quantity: number;
  /** ISO time of this line's last change as the writing tab saw it (last write per line wins). */
  updated_at?: string;
}

/** `GET /api/member/cart`, `PUT /api/member/cart` { cartItems }, `POST /api/member/cart/merge` { cartItems } → the cart now (live lines only). */
export type ServerCartAnswer = Envelope<{ cartItems: ServerCartItem[] }>;
