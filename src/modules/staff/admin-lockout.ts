import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan, MoreThan, MoreThanOrEqual } from 'typeorm';
import { taipeiDay } from '../../common/time/taipei-time';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { AdminLoginFailure } from './entities/admin-login-failure.entity';
import { StaffClock } from './staff-clock';

/** Failures of one account from one IP within a Taipei day that lock it (for that IP) until 24:00. */
export const ADMIN_LOCK_FAILURES = 5;
/** Failures of one account across IPs within an hour beyond which every attempt waits. */
export const ADMIN_DELAY_AFTER = 10;
/** The delay doubles per failure beyond ADMIN_DELAY_AFTER, capped at this many base steps (30 s). */
export const ADMIN_DELAY_CAP_STEPS = 30;

const HOUR_MS = 3600_000;
const KEEP_MS = 2 * 24 * HOUR_MS;

export interface AttemptStart {
  /** The account is locked for this IP until Taipei midnight: the password is not checked. */
  locked: boolean;
  /** The recorded attempt (a failure unless `succeeded` / `cancel` clears it). */
  attemptId: number;
  /** Wait this long before answering (rotating addresses buys nothing). */
  delayMs: number;
}

/**
 * The back-office login lockout (issue 11, decided):
 * - 5 failures for an account from one IP within a Taipei day lock that account for that IP until
 *   24:00 Asia/Taipei; the 5th failure already answers locked; a success resets the count; open
 *   sessions are not touched;
 * - an account's failures beyond 10 within an hour, from any IPs, make every further attempt wait
 *   1 s, doubling per failure, capped at 30 s (`ADMIN_LOGIN_DELAY_MS` is the 1 s step).
 * Each attempt is recorded as a failure before the password is checked (so parallel guesses cannot
 * exceed the count: attempts are ordered by their row id) and removed when it succeeds.
 * Unknown usernames are counted like real ones. Time comes from StaffClock.
 */
@Injectable()
export class AdminLockout {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: StaffClock,
    @Inject(AUTH_CONFIG) private readonly auth: AuthConfig,
  ) {}

  async begin(username: string, ip: string): Promise<AttemptStart> {
    const now = this.clock.now();
    const repo = this.repo();
    const row = await repo.save(repo.create({ username, ip, at: now }));
    const dayStart = this.dayStart(now);
    const before = await repo
      .createQueryBuilder('f')
      .where('f.username = :username AND f.ip = :ip AND f.at >= :dayStart AND f.id < :id', { username, ip, dayStart, id: row.id })
      .getCount();
    if (before >= ADMIN_LOCK_FAILURES) {
      await repo.delete({ id: row.id });
      return { locked: true, attemptId: 0, delayMs: 0 };
    }
    const lastHour = await repo
      .createQueryBuilder('f')
      .where('f.username = :username AND f.at > :since AND f.id < :id', { username, since: new Date(now.getTime() - HOUR_MS), id: row.id })
      .getCount();
    if (Math.random() < 0.02) await repo.delete({ at: LessThan(new Date(now.getTime() - KEEP_MS)) });
    return { locked: false, attemptId: row.id, delayMs: this.delayFor(lastHour) };
  }

  /** Failures of the account from this IP today (Taipei): 5 or more = locked until 24:00. */
  failuresToday(username: string, ip: string): Promise<number> {
    return this.repo().count({ where: { username, ip, at: MoreThanOrEqual(this.dayStart(this.clock.now())) } });
  }

  /** A success: the account's count for this IP starts over. */
  async succeeded(username: string, ip: string): Promise<void> {
    await this.repo().delete({ username, ip });
  }

  /** An attempt that was neither a success nor a failure (the password was right, the code missing). */
  async cancel(attemptId: number): Promise<void> {
    if (attemptId) await this.repo().delete({ id: attemptId });
  }

  /** Failures of the account within the last hour (all IPs). */
  recentFailures(username: string): Promise<number> {
    return this.repo().count({ where: { username, at: MoreThan(new Date(this.clock.nowMs() - HOUR_MS)) } });
  }

  /** The wait before answering, given the account's failures in the last hour. */
  delayFor(failuresLastHour: number): number {
    if (failuresLastHour < ADMIN_DELAY_AFTER) return 0;
    const base = this.auth.admin.loginDelayBaseMs;
    const steps = Math.min(2 ** Math.min(failuresLastHour - ADMIN_DELAY_AFTER, 10), ADMIN_DELAY_CAP_STEPS);
    return base * steps;
  }

  private dayStart(now: Date): Date {
    const { msToMidnight } = taipeiDay(now);
    return new Date(now.getTime() + msToMidnight - 24 * HOUR_MS);
  }

  private repo() {
    return this.ds.getRepository(AdminLoginFailure);
  }
}
