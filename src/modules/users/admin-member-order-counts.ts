/**
 * How many orders each member has, for the admin members list. The orders module provides it
 * (`OrdersModule` imports `UsersModule`, so the members screen finds it at run time instead of
 * importing the orders module back).
 */
export abstract class MemberOrderCounts {
  abstract countByUsers(userIds: number[]): Promise<Map<number, number>>;
}
