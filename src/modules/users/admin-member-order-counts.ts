import type { MemberOrderRow } from '../../common/api/admin';

/**
 * What the admin members screens read of a member's orders. The orders module provides it
 * (`OrdersModule` imports `UsersModule`, so the members screens find it at run time instead of
 * importing the orders module back).
 */
export abstract class MemberOrderCounts {
  /** How many orders each member has (the members list). */
  abstract countByUsers(userIds: number[]): Promise<Map<number, number>>;
  /** A member's latest `limit` orders, newest first, and how many they have (the member detail). */
  abstract latestOfMember(userId: number, limit: number): Promise<{ rows: MemberOrderRow[]; total: number }>;
}
