/** A line of an order as the catalogue's sold count reads it. */
export interface SoldLine {
  orderItemId: number;
  productId: number;
  quantity: number;
  /** 'item' | 'gift' | 'addon' (order_items.line_kind). */
  lineKind: string;
}

/**
 * The lines of an order, for the products' sold counts (已售出, docs/decisions/0057-real-social-proof.md).
 * The orders module provides it (`OrdersModule` imports `CatalogModule`, so the catalogue finds it
 * at run time instead of importing the orders module back).
 */
export abstract class OrderSoldLines {
  /** The order's lines (any kind), in id order. Joins the caller's transaction. */
  abstract soldLines(orderId: number): Promise<SoldLine[]>;
}
