/** Wishlist and restock messages (spec 4 §8; ours where the spec is silent). */
export const WISHLIST_MSG = {
  added: '已加入收藏',
  removed: '已取消收藏',
  restockAsked: '貨到時將通知您',
  restockCancelled: '已取消貨到通知',
  /** Ours: 貨到通知我 on a variant that has stock now. */
  inStock: '此商品目前有庫存，可直接購買',
  /** Ours: a switched-off variant or a delisted product. */
  unavailable: '此商品已下架，無法設定貨到通知',
  /** Ours: the wishlist's cap. */
  full: (max: number) => `收藏最多 ${max} 件商品，請先移除部分收藏`,
} as const;
