import type { Envelope } from './envelope';

/** Wishlist and restock answers (spec 4 §3, §7; issue 21). Server: src/modules/wishlist. */

export interface WishlistItemView {
  product_id: number;
  title: string;
  image_url: string;
  /** The lowest discount price of its variants now, and the list price. */
  price: number;
  list_price: number;
  /** Σ stock of its variants now; 0 = 已售完. */
  stock: number;
  /** false when the product is no longer listed (kept, shown as 已下架). */
  available: boolean;
  /** The first variant in stock (or the first one), for 加入購物車. */
  variant_id: number | null;
  variant_name: string;
  created_at: string;
}

/** `GET /api/member/wishlist` → items; `POST` { product_id } toggles → wished + message 已加入收藏 / 已取消收藏. */
export type WishlistAnswer = Envelope<{ items: WishlistItemView[]; productIds: number[] }>;
export type WishlistToggleAnswer = Envelope<{ wished: boolean }>;

/** `POST /api/member/restock` { variant_id } → 貨到時將通知您; `DELETE /api/member/restock/{variant_id}` → 已取消貨到通知. */
export type RestockAnswer = Envelope<{ variantIds: number[] }>;
