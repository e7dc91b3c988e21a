import { HttpStatus, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { AdminMemberPointsAnswer, MemberPointsAnswer, MemberTierProgress, PointsEntryView, TierView } from '../../common/api/rewards';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { ReadCache } from '../../common/cache/read-cache.service';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { taipeiIso } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { AuditTrail } from '../audit/audit-trail.service';
import { UsersService } from '../users/users.service';
import { MemberPoints } from './entities/member-points.entity';
import { PointsEntry } from './entities/points-entry.entity';
import { OrdersPort } from './orders-port';
import { PointsLedger } from './points-ledger';
import { RewardsSettings } from './rewards-settings.service';
import { dayOf, KIND_LABEL, REWARDS_MSG, tierProgress } from './rewards-rules';
import { plainFindOne } from '../../database/plain-sql';

/** ReadCache prefix and lifetime of a member's expiring points (keyed by their last entry, balance and the day). */
const EXPIRING_CACHE = 'points:expiring:';
const EXPIRING_SECONDS = 3600;

/** Points history page size (spec 4 §9). */
export const POINTS_PAGE_SIZE = 20;

/** What the quote needs of a member (issue 21 §1): the balance, the tier (discount, earn rate). */
export interface MemberQuoteFacts {
  balance: number;
  tier: TierView | null;
  maxPercent: number;
}

type Num = number | string | null;

/**
 * The 購物金 ledger as members, staff and the other modules use it (spec 4 §3–§7): the member's
 * page (balance, pending, expiring, tier and progress, history), the admin view and 調整購物金, the
 * quote's facts and checkout's spend. The writes themselves are PointsLedger's.
 * Other modules reach it through RewardsModule's exports, or at run time
 * (ModuleRef.get(PointsService, { strict: false })) where importing RewardsModule would be circular.
 */
@Injectable()
export class PointsService {
  private users?: UsersService;

  constructor(
    private readonly tx: Transactions,
    private readonly ledger: PointsLedger,
    private readonly settings: RewardsSettings,
    private readonly orders: OrdersPort,
    private readonly audit: AuditTrail,
    private readonly cache: ReadCache,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Balance, pending and the tier's name of a member (zeros and the first tier for a member without points). */
  async summary(userId: number): Promise<{ balance: number; pending: number; tier: string }> {
    const [account, tiers] = await Promise.all([this.account(userId), this.settings.tiers()]);
    const tier = tiers.find((t) => t.id === account?.tier_id) ?? tiers[0] ?? null;
    return { balance: account?.balance ?? 0, pending: account?.pending ?? 0, tier: tier?.name ?? '' };
  }

  /** The quote's facts: the available balance now, the member's tier (the base tier when none yet), the cap. */
  async quoteFacts(userId: number | null): Promise<MemberQuoteFacts> {
    const [account, tiers, rules] = await Promise.all([userId === null ? null : this.account(userId), this.settings.tiers(), this.settings.rules()]);
    const tier = userId === null ? null : (tiers.find((t) => t.id === account?.tier_id) ?? tiers[0] ?? null);
    return { balance: account?.balance ?? 0, tier, maxPercent: rules.max_percent };
  }

  /** The base tier's earn rate (a visitor's quote shows what a member would earn). */
  async baseEarnRate(): Promise<number> {
    return (await this.settings.tiers())[0]?.earn_rate ?? 0;
  }

  /** Checkout (in the order's transaction): spends `n` points, or 400 購物金餘額不足 (the order rolls back). */
  async redeem(userId: number, orderId: number, n: number): Promise<void> {
    if (n > 0) await this.ledger.spend(userId, orderId, n);
  }

  /** `GET /api/member/points`. */
  async memberPoints(userId: number, page = 1, limit = POINTS_PAGE_SIZE): Promise<MemberPointsAnswer> {
    const [{ total, ...facts }, history] = await Promise.all([this.facts(userId), this.history(userId, page, limit, false)]);
    return ok({ ...facts, ...history, total });
  }

  /** `GET /api/admin/members/:id/points`. */
  async adminPoints(userId: number, page = 1, limit = POINTS_PAGE_SIZE): Promise<AdminMemberPointsAnswer> {
    await this.mustExist(userId);
    const [facts, history] = await Promise.all([this.facts(userId), this.history(userId, page, limit, true)]);
    const { expiring: _expiring, ...rest } = facts;
    return ok({ ...rest, ...history });
  }

  /**
   * 調整購物金 (owner, staff; spec 4 §5): a non-zero whole amount (請輸入調整點數), a reason of 2–100
   * characters (請填寫調整原因), never below 0 (調整後餘額不可小於 0); audited with the reason in
   * the same transaction. `key` makes a retried request the same adjustment.
   */
  async adjust(admin: SessionAdmin, userId: number, body: { amount?: unknown; reason?: unknown }, key?: string): Promise<AdminMemberPointsAnswer> {
    const amount = body.amount;
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    const errors: { field: string; message: string }[] = [];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > 10_000_000) errors.push({ field: 'amount', message: REWARDS_MSG.adjustAmount });
    if (reason.length < 2 || reason.length > 100) errors.push({ field: 'reason', message: REWARDS_MSG.adjustReason });
    if (errors.length > 0) throw new AppError(errors[0].message, HttpStatus.BAD_REQUEST, { errors });
    await this.mustExist(userId);
    const n = amount as number;
    const rules = await this.settings.rules();
    const sourceKey = `adjust:${key ? `${admin.id}:${key}`.slice(0, 60) : `${userId}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`}`;
    await this.tx.run(async () => {
      const before = (await this.ledger.lock(userId)).balance;
      if (before + n < 0) throw new AppError(REWARDS_MSG.adjustBelowZero, HttpStatus.BAD_REQUEST, { errors: [{ field: 'amount', message: REWARDS_MSG.adjustBelowZero }] });
      const entry = await this.ledger.write({ userId, kind: 'adjust', amount: n, sourceKey, note: reason, createdBy: admin.id, expireMonths: rules.expire_months });
      if (!entry) return;
      await this.audit.record({
        admin,
        action: 'member.points-adjust',
        entity: 'user',
        entityId: userId,
        changes: { points_balance: [before, before + n] },
        summary: `調整購物金 ${n > 0 ? '+' : ''}${n}：${reason}`.slice(0, 255),
      });
    });
    const answer = await this.adminPoints(userId);
    return { ...answer, message: REWARDS_MSG.adjusted };
  }

  /** Balance, pending, what expires soonest, the tier and progress. */
  private async facts(userId: number): Promise<Omit<MemberPointsAnswer, 'success' | 'message' | 'entries'>> {
    const [{ account, last }, tiers] = await Promise.all([this.accountAndLast(userId), this.settings.tiers()]);
    const tier = tiers.find((t) => t.id === account?.tier_id) ?? tiers[0] ?? null;
    const progress: MemberTierProgress = tierProgress(tiers, tier, account?.spend_12m ?? 0);
    const balance = account?.balance ?? 0;
    // What expires and how many entries there are change only with a new entry, a pending one made
    // available (the balance moves) or the date: kept under those (the page of a member with
    // thousands of entries reads one page of rows, not all of them).
    const key = `${EXPIRING_CACHE}${userId}:${last}:${balance}:${dayOf(new Date())}`;
    const { expiring, total } =
      last === 0
        ? { expiring: { amount: 0, date: null }, total: 0 }
        : await this.cache.getOrLoad(
            key,
            async () => {
              const [e, n] = await Promise.all([this.expiring(userId, balance), this.tx.repo(PointsEntry).count({ where: { user_id: userId } })]);
              return { expiring: e, total: n };
            },
            EXPIRING_SECONDS,
          );
    return { balance, pending: account?.pending ?? 0, expiring, tier: progress, total };
  }

  /** The member's row and their newest entry's id, in one statement. */
  private async accountAndLast(userId: number): Promise<{ account: MemberPoints | null; last: number }> {
    const { entities, raw } = await this.tx
      .repo(MemberPoints)
      .createQueryBuilder('m')
      .addSelect((q) => q.select('MAX(e.id)').from(PointsEntry, 'e').where('e.user_id = :userId'), 'last_id')
      .where('m.user_id = :userId', { userId })
      .getRawAndEntities<{ last_id: Num }>();
    return { account: entities[0] ?? null, last: Number(raw[0]?.last_id ?? 0) };
  }

  /**
   * The points expiring at the nearest month end. FIFO (debits spend the oldest credits first):
   * what has expired by E in total is max(0, credits expiring by E − all debits), and all debits =
   * all available credits − the balance, so what is still to expire at a future E is
   * max(0, balance − the available credits expiring after E): only the credits not yet expired
   * are read, grouped by their expiry.
   */
  async expiring(userId: number, balance: number, now = new Date()): Promise<{ amount: number; date: string | null }> {
    const future = await this.tx
      .repo(PointsEntry)
      .createQueryBuilder('e')
      .select('e.expires_at', 'expires_at')
      .addSelect('SUM(e.amount)', 'amount')
      .where('e.user_id = :userId AND e.expires_at > :now AND e.amount > 0 AND e.available_at IS NOT NULL', { userId, now })
      .groupBy('e.expires_at')
      .orderBy('e.expires_at', 'ASC')
      .getRawMany<{ expires_at: Date | string; amount: Num }>();
    let later = future.reduce((s, f) => s + Number(f.amount ?? 0), 0);
    for (const f of future) {
      later -= Number(f.amount ?? 0);
      const due = Math.min(Number(f.amount ?? 0), balance - later);
      if (due > 0) return { amount: due, date: dayOf(toDate(f.expires_at)) };
    }
    return { amount: 0, date: null };
  }

  private async history(userId: number, page: number, limit: number, staff: boolean): Promise<{ entries: PointsEntryView[] }> {
    const size = Math.min(Math.max(1, Math.floor(limit) || POINTS_PAGE_SIZE), 100);
    const p = Math.max(1, Math.floor(page) || 1);
    const repo = this.tx.repo(PointsEntry);
    // The page's ids from the (user_id, id) index alone (a derived table), joined to their rows: a
    // deep page skips index entries, not whole rows.
    const rows = await repo
      .createQueryBuilder('e')
      .innerJoin(
        (q) => q.select('x.id', 'id').from(PointsEntry, 'x').where('x.user_id = :userId').orderBy('x.id', 'DESC').limit(size).offset((p - 1) * size),
        'page',
        'page.id = e.id',
      )
      .setParameters({ userId })
      .orderBy('e.id', 'DESC')
      .getMany();
    const orderIds = rows.map((r) => r.order_id).filter((id): id is number => id !== null);
    const staffIds = [...new Set(rows.map((r) => r.created_by).filter((id): id is number => id !== null))];
    const [tradeNos, names] = await Promise.all([
      orderIds.length ? this.orders.tradeNos(orderIds) : Promise.resolve(new Map<number, string>()),
      staff && staffIds.length ? this.staffNames(staffIds) : Promise.resolve(new Map<number, string>()),
    ]);
    const entries = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      kind_label: KIND_LABEL[r.kind] ?? r.kind,
      amount: r.amount,
      balance_after: r.balance_after,
      order_id: r.order_id,
      order_no: r.order_id !== null ? (tradeNos.get(r.order_id) ?? null) : null,
      note: r.note,
      created_at: taipeiIso(toDate(r.created_at)),
      available_at: r.available_at ? taipeiIso(toDate(r.available_at)) : null,
      expires_at: r.expires_at ? taipeiIso(toDate(r.expires_at)) : null,
      ...(staff ? { created_by_name: r.created_by !== null ? (names.get(r.created_by) ?? '') : '' } : {}),
    }));
    return { entries };
  }

  /**
   * The staff names of adjustments. The staff module exports no lookup by id; the admins table is
   * read for the two columns shown (as order-completion reads refunds), nothing else of it.
   */
  private async staffNames(ids: number[]): Promise<Map<number, string>> {
    const rows: { id: Num; username: string; display_name: string | null }[] = await this.tx.manager.query(
      `SELECT id, username, display_name FROM admins WHERE id IN (${ids.map(() => '?').join(',')})`,
      ids,
    );
    return new Map(rows.map((r) => [Number(r.id), r.display_name || r.username]));
  }

  private account(userId: number): Promise<MemberPoints | null> {
    // Every quote and order of a member: plain SQL (plainFind).
    return plainFindOne(this.tx.manager, MemberPoints, { where: { user_id: userId } });
  }

  private async mustExist(userId: number): Promise<void> {
    this.users ??= this.moduleRef.get(UsersService, { strict: false });
    if (!(await this.users.findById(userId))) throw new NotFoundError(REWARDS_MSG.memberNotFound);
  }
}

function toDate(v: Date | string): Date {
  if (v instanceof Date) return v;
  // SQLite raw rows: 'YYYY-MM-DD HH:mm:ss.SSS' in UTC.
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`);
}
