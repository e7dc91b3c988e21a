import { Injectable, Logger } from '@nestjs/common';
import type { TierView } from '../../common/api/rewards';
import { Transactions } from '../../common/transactions/transactions';
import { MemberNotices } from '../member-notices/member-notices.service';
import { MemberPoints } from './entities/member-points.entity';
import { OrdersPort } from './orders-port';
import { PointsLedger } from './points-ledger';
import { RewardsSettings } from './rewards-settings.service';
import { forEachMemberPage } from './batches';
import { dayOf, sortTiers, tierForSpend } from './rewards-rules';
import { concurrentWriters } from '../../database/db-dialect';

/** Members per batch of the daily run (one short transaction each). */
export const TIER_BATCH = 1000;
/** Batches run side by side on MariaDB (disjoint members). */
const TIER_CONCURRENCY = 4;

/** 12 months back from `now`. */
export function spendSince(now: Date): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
}

/**
 * Tier evaluation (spec 4 §4 "Tiers"): a member's tier is the highest whose threshold their net paid
 * spend over the last 12 months reaches (OrdersPort.netPaidSpend: Σ total − refunded of the orders
 * paid in the window). On an order's completion or refund (`upgradeOnly`) an upgrade takes effect at
 * once and is announced (notice 'tier-upgrade'); a downgrade waits for the daily run (`evaluateAll`).
 */
@Injectable()
export class TierEvaluation {
  private readonly logger = new Logger('TierEvaluation');

  constructor(
    private readonly tx: Transactions,
    private readonly ledger: PointsLedger,
    private readonly settings: RewardsSettings,
    private readonly orders: OrdersPort,
    private readonly notices: MemberNotices,
  ) {}

  /** One member, in the caller's transaction (an order completed or refunded): upgrades only. */
  async evaluateMember(userId: number, now = new Date()): Promise<void> {
    const tiers = await this.settings.tiers();
    const spend = (await this.orders.netPaidSpend([userId], spendSince(now))).get(userId) ?? 0;
    const account = await this.ledger.lock(userId);
    // A member never evaluated is in the base tier.
    const current = tiers.find((t) => t.id === account.tier_id) ?? sortTiers(tiers)[0] ?? null;
    const reached = tierForSpend(tiers, spend);
    const upgrade = reached !== null && (!current || reached.threshold > current.threshold);
    const tierId = upgrade ? reached.id : (current?.id ?? null);
    await this.tx.repo(MemberPoints).update({ user_id: userId }, { spend_12m: spend, tier_evaluated_at: now, tier_id: tierId });
    if (upgrade) await this.announce(userId, reached, now);
  }

  /**
   * The daily run: every member with a points row, in batches of TIER_BATCH by user id, each batch
   * one short transaction (its rows changed by one UPDATE). Returns how many were evaluated / changed.
   */
  async evaluateAll(now = new Date(), limit?: number): Promise<{ evaluated: number; changed: number }> {
    const tiers = sortTiers(await this.settings.tiers());
    if (tiers.length === 0) return { evaluated: 0, changed: 0 };
    const since = spendSince(now);
    let changed = 0;
    const concurrency = concurrentWriters(this.tx.manager, TIER_CONCURRENCY);
    const evaluated = await forEachMemberPage(this.tx.repo(MemberPoints), { size: TIER_BATCH, concurrency, limit }, async (ids) => {
      changed += await this.tx.run(async () => {
        const rows = await this.tx.repo(MemberPoints).createQueryBuilder('m').select(['m.user_id', 'm.tier_id', 'm.spend_12m']).where('m.user_id IN (:...ids)', { ids }).getMany();
        const spends = await this.orders.netPaidSpend(ids, since);
        const updates: { userId: number; tierId: number; spend: number }[] = [];
        const upgrades: { userId: number; tier: TierView }[] = [];
        for (const r of rows) {
          const spend = spends.get(r.user_id) ?? 0;
          const tier = tierForSpend(tiers, spend)!;
          if (tier.id === r.tier_id && spend === r.spend_12m) continue;
          updates.push({ userId: r.user_id, tierId: tier.id, spend });
          const before = tiers.find((t) => t.id === r.tier_id) ?? tiers[0];
          if (before && tier.threshold > before.threshold) upgrades.push({ userId: r.user_id, tier });
        }
        if (updates.length > 0) await this.bulkUpdate(updates, now);
        for (const u of upgrades) await this.announce(u.userId, u.tier, now);
        return updates.length;
      });
    });
    if (changed > 0) this.logger.log(`tiers evaluated: ${evaluated} members, ${changed} changed`);
    return { evaluated, changed };
  }

  /** One UPDATE for a batch: tier and spend by CASE on user_id. */
  private async bulkUpdate(updates: { userId: number; tierId: number; spend: number }[], now: Date): Promise<void> {
    for (let i = 0; i < updates.length; i += 500) {
      const part = updates.slice(i, i + 500);
      const params: unknown[] = [];
      const tierCase = part.map((u) => (params.push(u.userId, u.tierId), 'WHEN ? THEN ?')).join(' ');
      const spendCase = part.map((u) => (params.push(u.userId, u.spend), 'WHEN ? THEN ?')).join(' ');
      params.push(...part.map((u) => u.userId));
      await this.tx.manager.query(`UPDATE member_points SET tier_id = CASE user_id ${tierCase} END, spend_12m = CASE user_id ${spendCase} END WHERE user_id IN (${part.map(() => '?').join(',')})`, params);
      // The time through TypeORM (it writes each dialect's datetime).
      await this.tx
        .repo(MemberPoints)
        .createQueryBuilder()
        .update(MemberPoints)
        .set({ tier_evaluated_at: now })
        .where('user_id IN (:...ids)', { ids: part.map((u) => u.userId) })
        .execute();
    }
  }

  private announce(userId: number, tier: TierView, now: Date): Promise<void> {
    return this.notices.enqueue('tier-upgrade', userId, `${userId}:${tier.id}:${dayOf(now)}`, { tier: tier.name, discount: tier.discount_percent, earn_rate: tier.earn_rate });
  }
}
