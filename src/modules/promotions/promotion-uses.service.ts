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

/** What `takeGifts` got: the gift promotions whose gift_stock it took one of. */
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
   * One of promotions.gift_stock for each gift use (a conditional UPDATE: gift_stock > 0), in the
   * order's transaction. A gift that cannot be taken is not an error: the order goes without it.
   */
  async takeGifts(uses: readonly EngineUse[]): Promise<TakenUses> {
    const gifts = new Set<number>();
    for (const u of [...uses].filter((x) => x.gift).sort((a, b) => a.promotionId - b.promotionId)) {
      const res = await this.tx.manager
        .createQueryBuilder()
        .update(Promotion)
        .set({ gift_stock: () => 'gift_stock - 1', updated_at: () => 'updated_at' })
        .where('id = :id AND gift_stock > 0', { id: u.promotionId })
        .execute();
      if (res.affected === 1) gifts.add(u.promotionId);
    }
    return { gifts };
  }

  /** gift_stock + 1 for gifts taken that will not ship after all (their variant's stock ran out). */
  async returnGifts(promotionIds: readonly number[]): Promise<void> {
    for (const id of [...promotionIds].sort((a, b) => a - b)) {
      await this.tx.manager.createQueryBuilder().update(Promotion).set({ gift_stock: () => 'gift_stock + 1', updated_at: () => 'updated_at' }).where('id = :id', { id }).execute();
    }
  }

  /**
   * The counted limits of the uses the order keeps, the last writes of the order's transaction: the
   * unique codes (one order's row each), then promotions.used_count (the row every order of a
   * promotion waits on until commit: the shorter it is held the better), then the member's use
   * after it on purpose (the counter's row lock lines up one member's concurrent orders; MariaDB
   * would deadlock two INSERTs of the same new member row), only for promotions with a per-member
   * limit. A spent limit throws PromotionLimitError (the transaction rolls back; 409).
   */
  async takeCounts(userId: number, orderId: number, uses: readonly EngineUse[]): Promise<void> {
    const byPromotion = [...uses].sort((a, b) => a.promotionId - b.promotionId);
    const manager = this.tx.manager;
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
      if (!u.counts) continue;
      const res = await manager
        .createQueryBuilder()
        .update(Promotion)
        .set({ used_count: () => 'used_count + 1', updated_at: () => 'updated_at' })
        .where('id = :id AND (usage_limit IS NULL OR used_count < usage_limit)', { id: u.promotionId })
        .execute();
      if (res.affected !== 1) throw new PromotionLimitError(COUPON_MSG.usedUp, u.promotionId, u.code === '');
    }
    for (const u of byPromotion) {
      if (!u.counts || u.perMemberLimit === null) continue;
      if (!(await this.addMemberUse(u.promotionId, userId, u.perMemberLimit))) {
        throw new PromotionLimitError(COUPON_MSG.memberUsed, u.promotionId, u.code === '');
      }
    }
  }


  /** The promotion_uses rows of the uses the order keeps (what a cancel gives back and reports read). */
  async record(userId: number, orderId: number, uses: readonly EngineUse[]): Promise<void> {
    const rows = uses.map((u) => ({
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
