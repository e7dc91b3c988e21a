/**
 * What the orders say about a member, for the promotion quote (first_order_only: 此折扣碼僅限首次購物).
 * The orders module provides it (`OrdersModule` imports `PromotionsModule`, whose quote checkout
 * calls, so the quote finds this at run time instead of importing the orders module back).
 */
export abstract class MemberOrderFacts {
  /** True when the member has an order that is not cancelled. Joins the caller's transaction. */
  abstract hasOrders(userId: number): Promise<boolean>;
}
