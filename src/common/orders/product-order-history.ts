/**
 * Whether a product was ever ordered, for the catalogue's delete (an ordered product is hidden,
 * not deleted). The orders module provides it (`OrdersModule` imports `CatalogModule`, so the
 * catalogue finds it at run time instead of importing the orders module back).
 */
export abstract class ProductOrderHistory {
  /** True when any order item names the product. Joins the caller's transaction. */
  abstract productEverOrdered(productId: number): Promise<boolean>;
}
