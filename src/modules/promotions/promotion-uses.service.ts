import { HttpStatus, Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { isDuplicateKey } from '../../database/db-dialect';
import type { EngineUse } from './engine/engine-types';
import { COUPON_MSG } from './engine/messages';
import { CouponCode } from './entities/coupon-code.entity';
import { PromotionMemberUse } from './entities/promotion-member-use.entity';
import { PromotionUse } from './entities/promotion-use.entity';
import { Promotion } from './entities/promotion.entity';

/**
 * A limit that no longer holds when the order is written (another order took the last use).
 * The order's transaction rolls back; `automatic` tells checkout whether the shopper typed a code
 * (409 with the code's message) or an automatic promotion ran out (the quote changed: re-priced).
 */
export class PromotionLimitError extends AppError {
  constructor(
    message: string,
    readonly promotionId: number,
    readonly automatic: boolean,
  ) {
    super(message, HttpStatus.CONFLICT);
  }
}

/** What one order gives back of one promotion. */
interface GivenBack {
  promotionId: number;
  userId: number;
  counted: boolean;
  gift: boolean;
  codeId: number | null;
}

/** What `take` got: the gift promotions whose gift_stock it took one of. */
export interface TakenUses {
  gifts: Set<number>;
}

/**
 * The limited counters of promotions (spec 4 §4 "Coupon use"), each a conditional UPDATE in the
 * order's transaction, so limits hold under concurrency on both databases: promotions.used_count
 * (usage_limit), a unique code's used_by_order_id, the member's promotion_member_uses.used
 * (per_member_limit), promotions.gift_stock. What an order took is written to promotion_uses and
 * given back once when the order is cancelled.
 *
 * Lock order, the same in `take` and `release` (no deadlock between an order and a cancel): the
 * promotions' rows by id, then the code, then the member's rows; checkout reserves stock after.
 * Every counted use first updates its promotion's row, so two orders of one promotion take turns
 * on it before they touch its member rows (no insert race on promotion_member_uses in practice;
 * a duplicate key is handled anyway).
 */
@Injectable()
export class PromotionUsesService {
  constructor(private readonly tx: Transactions) {}

  /**
   * Takes what the order uses: a use for each counted promotion (refused when used_count reached
   * usage_limit: 折扣碼已使用完畢), the unique code (already used: 折扣碼已使用完畢), the member's use
   * (per_member_limit reached: 您已使用過此折扣碼), and one gift of each gift promotion while
   * gift_stock > 0 (none left: the gift is left out, not an error). Throws PromotionLimitError; the
   * caller's transaction then rolls back. Joins the caller's transaction.
   */
  async take(userId: number, orderId: number, uses: readonly EngineUse[]): Promise<TakenUses> {
    const gifts = new Set<number>();
    if (uses.length === 0) return { gifts };
    const byPromotion = [...uses].sort((a, b) => a.promotionId - b.promotionId);
    const manager = this.tx.manager;

    // The unique codes (one order's row each), then the promotions' counters: the rows every order
    // of a promotion waits on until this commits. A member's use comes after the counter on purpose:
    // the counter's row lock lines up one member's concurrent orders (MariaDB would deadlock two
    // INSERTs of the same new member row), and only promotions with a per-member limit keep one.
    for (const u of byPromotion) {
      if (u.codeId === null) continue;
      const res = await manager
        .createQueryBuilder()
        .update(CouponCode)
        .set({ used_by_order_id: orderId, used_at: new Date() })
        .where('id = :id AND used_by_order_id IS NULL', { id: u.codeId })
        .execute();
      if (res.affected !== 1) throw new PromotionLimitError(COUPON_MSG.usedUp, u.promotionId, false);
    }

    for (const u of byPromotion) {
      if (u.counts) {
        const res = await manager
          .createQueryBuilder()
          .update(Promotion)
          .set({ used_count: () => 'used_count + 1', updated_at: () => 'updated_at' })
          .where('id = :id AND (usage_limit IS NULL OR used_count < usage_limit)', { id: u.promotionId })
          .execute();
        if (res.affected !== 1) throw new PromotionLimitError(COUPON_MSG.usedUp, u.promotionId, u.code === '');
      }
      if (u.gift) {
        const res = await manager
          .createQueryBuilder()
          .update(Promotion)
          .set({ gift_stock: () => 'gift_stock - 1', updated_at: () => 'updated_at' })
          .where('id = :id AND gift_stock > 0', { id: u.promotionId })
          .execute();
        if (res.affected === 1) gifts.add(u.promotionId);
      }
    }
    for (const u of byPromotion) {
      if (!u.counts || u.perMemberLimit === null) continue;
      if (!(await this.addMemberUse(u.promotionId, userId, u.perMemberLimit))) {
        throw new PromotionLimitError(COUPON_MSG.memberUsed, u.promotionId, u.code === '');
      }
    }

    return { gifts };
  }

  /**
   * After the stock: a gift promotion whose gift did not ship (no gift_stock left, or its variant
   * could not be reserved) gives back all it took (the gift, the use, the code: the shopper got
   * nothing of it) and leaves no row; every other use is written to promotion_uses (one row per
   * promotion). Every row touched here was already updated by `take`. Joins the caller's transaction.
   */
  async record(userId: number, orderId: number, uses: readonly EngineUse[], taken: TakenUses, giftsShipped: ReadonlySet<number>): Promise<void> {
    const unshipped = uses.filter((u) => u.gift && !giftsShipped.has(u.promotionId)).sort((a, b) => a.promotionId - b.promotionId);
    if (unshipped.length > 0) await this.giveBack(orderId, unshipped.map((u) => ({ promotionId: u.promotionId, userId, counted: u.counts, gift: taken.gifts.has(u.promotionId), codeId: u.codeId })));
    const rows = uses
      .filter((u) => !unshipped.includes(u))
      .map((u) => ({
        order_id: orderId,
        promotion_id: u.promotionId,
        user_id: userId,
        coupon_code_id: u.codeId,
        code: u.code.slice(0, 20),
        counted: u.counts ? 1 : 0,
        gift: u.gift ? 1 : 0,
        discount: u.discount,
        released_at: null,
      }));
    if (rows.length > 0) await this.tx.repo(PromotionUse).insert(rows);
  }

  /**
   * Gives back what a cancelled order took, once (each promotion_uses row is released by a
   * conditional UPDATE on released_at IS NULL): used_count − 1, the member's use − 1, the unique
   * code freed, gift_stock + 1. Joins the caller's transaction (the cancel's).
   */
  async release(orderId: number): Promise<void> {
    const held = await this.tx.repo(PromotionUse).find({ where: { order_id: orderId, released_at: IsNull() }, order: { promotion_id: 'ASC' } });
    if (held.length === 0) return;
    const manager = this.tx.manager;
    const now = new Date();
    const released: PromotionUse[] = [];
    for (const row of held) {
      const res = await manager.createQueryBuilder().update(PromotionUse).set({ released_at: now }).where('id = :id AND released_at IS NULL', { id: row.id }).execute();
      if (res.affected === 1) released.push(row);
    }
    await this.giveBack(
      orderId,
      released.map((r) => ({ promotionId: r.promotion_id, userId: r.user_id, counted: r.counted === 1, gift: r.gift === 1, codeId: r.coupon_code_id })),
    );
  }

  /** used_count − 1, gift_stock + 1, the code freed, the member's use − 1: the promotions' rows first (by id), then the codes, then the members' rows (take's order). */
  private async giveBack(orderId: number, what: readonly GivenBack[]): Promise<void> {
    const manager = this.tx.manager;
    const sorted = [...what].sort((a, b) => a.promotionId - b.promotionId);
    for (const w of sorted) {
      if (!w.counted && !w.gift) continue;
      const set: Record<string, () => string> = { updated_at: () => 'updated_at' };
      if (w.counted) set.used_count = () => 'CASE WHEN used_count > 0 THEN used_count - 1 ELSE 0 END';
      if (w.gift) set.gift_stock = () => 'gift_stock + 1';
      await manager.createQueryBuilder().update(Promotion).set(set).where('id = :id', { id: w.promotionId }).execute();
    }
    for (const w of sorted) {
      if (w.codeId === null) continue;
      await manager
        .createQueryBuilder()
        .update(CouponCode)
        .set({ used_by_order_id: null, used_at: null })
        .where('id = :id AND used_by_order_id = :orderId', { id: w.codeId, orderId })
        .execute();
    }
    for (const w of sorted) {
      if (!w.counted) continue;
      await manager
        .createQueryBuilder()
        .update(PromotionMemberUse)
        .set({ used: () => 'used - 1' })
        .where('promotion_id = :promotionId AND user_id = :userId AND used > 0', { promotionId: w.promotionId, userId: w.userId })
        .execute();
    }
  }

  /** The member's use + 1, within `limit` (null = no limit); the row is made on the member's first use. */
  private async addMemberUse(promotionId: number, userId: number, limit: number | null): Promise<boolean> {
    const repo = this.tx.repo(PromotionMemberUse);
    const exists = await repo.findOne({ select: { promotion_id: true }, where: { promotion_id: promotionId, user_id: userId } });
    if (!exists) {
      try {
        await repo.insert({ promotion_id: promotionId, user_id: userId, used: 0 });
      } catch (err) {
        // Made by another order of this member meanwhile: count on it.
        if (!isDuplicateKey(err)) throw err;
      }
    }
    const res = await this.tx.manager
      .createQueryBuilder()
      .update(PromotionMemberUse)
      .set({ used: () => 'used + 1' })
      .where(limit === null ? 'promotion_id = :promotionId AND user_id = :userId' : 'promotion_id = :promotionId AND user_id = :userId AND used < :limit', { promotionId, userId, limit })
      .execute();
    return res.affected === 1;
  }
}
