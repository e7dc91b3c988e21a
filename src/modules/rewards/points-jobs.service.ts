import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { taipeiYearMonth } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobQueue } from '../../jobs/job-queue';
import { JobName, type JobOf } from '../../jobs/job-types';
import { lockForWrite } from '../../database/db-dialect';
import { MemberNotices } from '../member-notices/member-notices.service';
import { MemberPoints } from './entities/member-points.entity';
import { PointsEntry } from './entities/points-entry.entity';
import { PointsLedger } from './points-ledger';
import { RewardsSettings, rewardsConfigOf } from './rewards-settings.service';
import { dayOf, taipeiMonthEnd } from './rewards-rules';
import { forEachMemberPage } from './batches';
import { concurrentWriters } from '../../database/db-dialect';
import { TierEvaluation } from './tier-evaluation.service';

/** Members per batch (one short transaction each). */
export const POINTS_BATCH = 1000;
/** Batches run side by side on MariaDB (disjoint members). */
export const JOBS_CONCURRENCY = 4;
const DAY_MS = 86_400_000;
/** The expiry reminder goes this long before the month end. */
export const REMINDER_DAYS = 30;

type Num = number | string | null;

/**
 * The points jobs (spec 4 §4): month-end expiry with one reminder 30 days before, the birthday gift,
 * and the daily tier evaluation. Scheduled like the order completion: processes that run workers
 * enqueue each every *_EVERY_MS under a per-time-bucket job id (`points-expiry:<bucket>` …), so
 * several processes enqueue a run once; each run is idempotent (source keys, expiry_reminded_for).
 *
 * Expiry is FIFO without per-credit bookkeeping: by the month end T, the amount expired in total is
 * max(0, Σ credits with expires_at ≤ T − Σ every debit so far) (debits spend the oldest credits
 * first; earlier expiries are debits too), so a run writes the difference as `expire:<userId>:<T>`.
 * Members are walked in batches of POINTS_BATCH by user id: one aggregate query per batch, then a
 * short transaction locking only the members with something to expire or remind.
 */
@Injectable()
export class PointsJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PointsJobs');
  private timers: NodeJS.Timeout[] = [];
  private readonly every: { expiry: number; birthday: number; tiers: number };

  constructor(
    private readonly tx: Transactions,
    private readonly ledger: PointsLedger,
    private readonly settings: RewardsSettings,
    private readonly notices: MemberNotices,
    private readonly tiers: TierEvaluation,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly httpHost?: HttpAdapterHost,
  ) {
    const r = rewardsConfigOf(config);
    this.every = { expiry: r.expiryEveryMs, birthday: r.birthdayEveryMs, tiers: r.tierEveryMs };
  }

  private get runsWorkers(): boolean {
    return !this.httpHost?.httpAdapter || this.config.runWorkersInWeb;
  }

  onApplicationBootstrap(): void {
    if (!this.runsWorkers) return;
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const timer = setInterval(() => void fn(), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.every.expiry, () => this.schedule(JobName.PointsExpiry, 'points-expiry', this.every.expiry));
    every(this.every.birthday, () => this.schedule(JobName.PointsBirthday, 'points-birthday', this.every.birthday));
    every(this.every.tiers, () => this.schedule(JobName.TiersEvaluate, 'tiers-evaluate', this.every.tiers));
  }

  onApplicationShutdown(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** Enqueues this time bucket's run (a no-op when another process already did). */
  async schedule(name: typeof JobName.PointsExpiry | typeof JobName.PointsBirthday | typeof JobName.TiersEvaluate, prefix: string, everyMs: number, now = new Date()): Promise<string | undefined> {
    const bucket = Math.floor(now.getTime() / everyMs);
    try {
      const { id } = await this.queue.add(name, {}, { jobId: `${prefix}:${bucket}`, attempts: 1 });
      return id;
    } catch (err) {
      this.logger.warn(`could not enqueue ${name} run ${bucket}: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** One expiry run at `now`: what expired by the last month end, and the reminders for this month's end. */
  async expire(now = new Date()): Promise<{ members: number; expired: number; points: number; reminded: number }> {
    const T = taipeiMonthEnd(now, -1);
    const E = taipeiMonthEnd(now, 0);
    const remindNow = now.getTime() >= E.getTime() - REMINDER_DAYS * DAY_MS;
    const tKey = dayOf(T);
    const eKey = dayOf(E);
    const out = { members: 0, expired: 0, points: 0, reminded: 0 };
    out.members = await forEachMemberPage(this.tx.repo(MemberPoints), { size: POINTS_BATCH, concurrency: this.concurrency() }, async (ids) => {
      const due = await this.dueOf(ids, T, E);
      const candidates = [...due.entries()].filter(([, d]) => d.expire > 0 || (remindNow && d.remind > 0)).map(([id]) => id);
      if (candidates.length === 0) return;
      const done = await this.tx.run(async () => {
        const accounts = await lockForWrite(this.tx.repo(MemberPoints).createQueryBuilder('m').where('m.user_id IN (:...ids)', { ids: candidates })).getMany();
        // Again under the locks: a concurrent run or spend may have moved them.
        const fresh = await this.dueOf(candidates, T, E);
        const entries: Partial<PointsEntry>[] = [];
        const balances: { userId: number; balance: number }[] = [];
        const reminded: number[] = [];
        let points = 0;
        for (const a of accounts) {
          const d = fresh.get(a.user_id);
          if (!d) continue;
          const amount = Math.min(d.expire, a.balance);
          if (amount > 0) {
            entries.push({ user_id: a.user_id, kind: 'expire', amount: -amount, balance_after: a.balance - amount, order_id: null, source_key: `expire:${a.user_id}:${tKey}`, note: `${tKey} 到期`, created_by: null, available_at: now, expires_at: null });
            balances.push({ userId: a.user_id, balance: a.balance - amount });
            points += amount;
          }
          if (remindNow && d.remind > 0 && a.expiry_reminded_for !== eKey) {
            await this.notices.enqueue('points-expiring', a.user_id, `${a.user_id}:${eKey}`, { points: d.remind, date: eKey });
            reminded.push(a.user_id);
          }
        }
        // Plain multi-row INSERTs (no re-read of the generated columns).
        for (let i = 0; i < entries.length; i += 500) {
          await this.tx.repo(PointsEntry).createQueryBuilder().insert().into(PointsEntry).values(entries.slice(i, i + 500)).updateEntity(false).execute();
        }
        await this.setBalances(balances);
        if (reminded.length) await this.tx.repo(MemberPoints).createQueryBuilder().update(MemberPoints).set({ expiry_reminded_for: eKey }).where('user_id IN (:...ids)', { ids: reminded }).execute();
        return { expired: balances.length, points, reminded: reminded.length };
      });
      out.expired += done.expired;
      out.points += done.points;
      out.reminded += done.reminded;
    });
    if (out.expired || out.reminded) this.logger.log(`points expiry: ${out.expired} members expired ${out.points} points, ${out.reminded} reminded`);
    return out;
  }

  /** Pages side by side: a few on MariaDB, one on SQLite (its transactions take turns). */
  private concurrency(): number {
    return concurrentWriters(this.tx.manager, JOBS_CONCURRENCY);
  }

  /** Per member of `ids`: what expires by T (not yet expired), and what will expire at E after that. */
  private async dueOf(ids: number[], T: Date, E: Date): Promise<Map<number, { expire: number; remind: number }>> {
    const rows = await this.tx
      .repo(PointsEntry)
      .createQueryBuilder('e')
      .select('e.user_id', 'user_id')
      .addSelect('COALESCE(SUM(CASE WHEN e.amount > 0 AND e.expires_at <= :T THEN e.amount ELSE 0 END), 0)', 'by_t')
      .addSelect('COALESCE(SUM(CASE WHEN e.amount > 0 AND e.expires_at <= :E THEN e.amount ELSE 0 END), 0)', 'by_e')
      .addSelect('COALESCE(SUM(CASE WHEN e.amount < 0 THEN -e.amount ELSE 0 END), 0)', 'debits')
      .where('e.user_id IN (:...ids) AND e.available_at IS NOT NULL', { ids, T, E })
      .groupBy('e.user_id')
      .getRawMany<{ user_id: Num; by_t: Num; by_e: Num; debits: Num }>();
    const out = new Map<number, { expire: number; remind: number }>();
    for (const r of rows) {
      const debits = Number(r.debits ?? 0);
      const expire = Math.max(0, Number(r.by_t ?? 0) - debits);
      const remind = Math.max(0, Number(r.by_e ?? 0) - debits - expire);
      if (expire > 0 || remind > 0) out.set(Number(r.user_id), { expire, remind });
    }
    return out;
  }

  private async setBalances(rows: { userId: number; balance: number }[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const part = rows.slice(i, i + 500);
      const params: unknown[] = [];
      const cases = part.map((r) => (params.push(r.userId, r.balance), 'WHEN ? THEN ?')).join(' ');
      params.push(...part.map((r) => r.userId));
      await this.tx.manager.query(`UPDATE member_points SET balance = CASE user_id ${cases} END WHERE user_id IN (${part.map(() => '?').join(',')})`, params);
    }
  }

  /**
   * Birthday points (spec 4 §4): members whose birthday (users.birthday, YYYY-MM-DD) falls in this
   * Taipei month get the rule's points once a year (`birthday:<userId>:<year>`), notice
   * 'points-birthday'. The users table is read for its id and birthday only (the users module has no
   * such listing; as order-completion reads refunds).
   */
  async birthdays(now = new Date()): Promise<{ given: number }> {
    const rules = await this.settings.rules();
    if (rules.birthday_points <= 0) return { given: 0 };
    const { year, month } = taipeiYearMonth(now);
    const mm = String(month + 1).padStart(2, '0');
    let cursor = 0;
    let given = 0;
    for (;;) {
      const rows: { id: Num }[] = await this.tx.manager.query(
        'SELECT id FROM users WHERE id > ? AND is_active = 1 AND blocked_at IS NULL AND birthday IS NOT NULL AND SUBSTR(birthday, 6, 2) = ? ORDER BY id LIMIT ?',
        [cursor, mm, POINTS_BATCH],
      );
      if (rows.length === 0) break;
      const ids = rows.map((r) => Number(r.id));
      cursor = ids[ids.length - 1];
      const keys = ids.map((id) => `birthday:${id}:${year}`);
      const seen = new Set((await this.tx.repo(PointsEntry).createQueryBuilder('e').select('e.source_key', 'k').where('e.source_key IN (:...keys)', { keys }).getRawMany<{ k: string }>()).map((r) => r.k));
      const todo = ids.filter((id) => !seen.has(`birthday:${id}:${year}`));
      for (let i = 0; i < todo.length; i += 100) {
        given += await this.tx.run(async () => {
          let n = 0;
          for (const userId of todo.slice(i, i + 100)) {
            const entry = await this.ledger.write({ userId, kind: 'birthday', amount: rules.birthday_points, sourceKey: `birthday:${userId}:${year}`, note: `${year} 生日禮`, expireMonths: rules.expire_months, at: now });
            if (!entry) continue;
            await this.notices.enqueue('points-birthday', userId, `${userId}:${year}`, { points: rules.birthday_points, year });
            n += 1;
          }
          return n;
        });
      }
    }
    if (given) this.logger.log(`birthday points: ${given} members`);
    return { given };
  }
}

/** `points.expiry`, `points.birthday`, `tiers.evaluate`: each idempotent (see PointsJobs). */
@Injectable()
export class PointsJobsProcessor {
  constructor(
    private readonly jobs: PointsJobs,
    private readonly tiers: TierEvaluation,
  ) {}

  @JobHandler(JobName.PointsExpiry)
  expiry(_job: JobOf<'points.expiry'>): Promise<unknown> {
    return this.jobs.expire(new Date());
  }

  @JobHandler(JobName.PointsBirthday)
  birthday(_job: JobOf<'points.birthday'>): Promise<unknown> {
    return this.jobs.birthdays(new Date());
  }

  @JobHandler(JobName.TiersEvaluate)
  evaluate(job: JobOf<'tiers.evaluate'>): Promise<unknown> {
    return this.tiers.evaluateAll(new Date(), job.data.limit);
  }
}
