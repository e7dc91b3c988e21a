import { Logger } from '@nestjs/common';
import { DataSource, In, LessThanOrEqual, Not } from 'typeorm';
import { Session } from '../entities/session.entity';
import type { SessionData } from '../../../common/auth/session.types';
import type { SessionStore } from './session-store';
import { plainFindOne } from '../../../database/plain-sql';

type Cb<T = void> = (err?: unknown, value?: T) => void;

/** A touch that would move the stored expiry by less than this writes nothing. */
export const TOUCH_SLACK_MS = 60_000;
/** At most this many remembered expiries (the oldest is dropped first). */
const KNOWN_EXPIRIES_MAX = 10_000;

/**
 * Session store (connect-style, for @fastify/session) on the `sessions` table (embedded default; Redis in production).
 * Keeps the member / admin id in indexed columns so "end my other sessions" and "log out
 * everywhere after a password reset" are one DELETE. Expired rows are pruned periodically.
 *
 * `touch` (every request of a logged-in session that did not change it) skips the UPDATE when
 * the stored expiry would move forward by less than TOUCH_SLACK_MS: the expiry last read by `get`
 * or written by `set` / `touch` is remembered per session id (bounded map, oldest dropped). The
 * trade: a session idle for the whole timeout may end up to 60 s earlier than the idle timeout.
 */
export class TypeormSessionStore implements SessionStore {
  private readonly logger = new Logger('SessionStore');
  private timer?: NodeJS.Timeout;
  /** sid → the stored expiry (ms) as this process last read or wrote it. */
  private readonly knownExpiries = new Map<string, number>();

  constructor(
    private readonly ds: DataSource,
    private readonly defaultTtlMs: number,
    pruneEveryMs = 10 * 60_000,
  ) {
    if (pruneEveryMs > 0) {
      this.timer = setInterval(() => {
        this.prune().catch((err: Error) => this.logger.warn(`pruning sessions failed: ${err.message}`));
      }, pruneEveryMs);
      this.timer.unref();
    }
  }

  get(sid: string, cb: Cb<SessionData | null>): void {
    // Every request of a session reads it: only the two columns used, in plain SQL (plainFind).
    plainFindOne(this.ds.manager, Session, { select: ['data', 'expires_at'], where: { id: sid } })
      .then((row) => {
        if (!row || row.expires_at.getTime() <= Date.now()) {
          this.knownExpiries.delete(sid);
          return cb(null, null);
        }
        this.remember(sid, row.expires_at.getTime());
        cb(null, JSON.parse(row.data) as SessionData);
      }, cb);
  }

  set(sid: string, sess: SessionData, cb?: Cb): void {
    const row = {
      id: sid,
      data: JSON.stringify(sess),
      expires_at: this.expiry(sess),
      user_id: typeof sess.passport?.user === 'number' ? sess.passport.user : null,
      admin_id: typeof sess.adminId === 'number' ? sess.adminId : null,
    };
    this.knownExpiries.delete(sid);
    this.repo()
      .upsert(row, ['id'])
      .then(() => {
        this.remember(sid, row.expires_at.getTime());
        cb?.();
      }, (err: unknown) => cb?.(err));
  }

  touch(sid: string, sess: SessionData, cb?: Cb): void {
    const expiresAt = this.expiry(sess);
    const known = this.knownExpiries.get(sid);
    const moveMs = known === undefined ? Infinity : expiresAt.getTime() - known;
    if (moveMs >= 0 && moveMs < TOUCH_SLACK_MS) {
      cb?.();
      return;
    }
    this.repo()
      .update({ id: sid }, { expires_at: expiresAt })
      .then(() => {
        this.remember(sid, expiresAt.getTime());
        cb?.();
      }, (err: Error) => {
        this.logger.warn(`touch failed: ${err.message}`);
        cb?.();
      });
  }

  destroy(sid: string, cb?: Cb): void {
    this.knownExpiries.delete(sid);
    this.repo()
      .delete({ id: sid })
      .then(() => cb?.(), (err: unknown) => cb?.(err));
  }

  /** Session ids of a member (live ones). */
  async idsOfUser(userId: number): Promise<string[]> {
    const rows = await this.repo().find({ select: { id: true, expires_at: true }, where: { user_id: userId } });
    const now = Date.now();
    return rows.filter((r) => r.expires_at.getTime() > now).map((r) => r.id);
  }

  /** Ends every session of a member except `keep`; answers how many ended. */
  async destroyUserSessions(userId: number, keep?: string): Promise<number> {
    const res = await this.repo().delete(keep ? { user_id: userId, id: Not(keep) } : { user_id: userId });
    return res.affected ?? 0;
  }

  /** Ends every stored session of a back-office account except `keep`. */
  async destroyAdminSessions(adminId: number, keep?: string): Promise<number> {
    const res = await this.repo().delete(keep ? { admin_id: adminId, id: Not(keep) } : { admin_id: adminId });
    return res.affected ?? 0;
  }

  async destroyMany(ids: string[]): Promise<void> {
    if (ids.length) await this.repo().delete({ id: In(ids) });
  }

  async prune(): Promise<number> {
    const res = await this.repo().delete({ expires_at: LessThanOrEqual(new Date()) });
    return res.affected ?? 0;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private remember(sid: string, expiresMs: number): void {
    this.knownExpiries.delete(sid); // re-inserted last: the map's order is oldest first
    this.knownExpiries.set(sid, expiresMs);
    if (this.knownExpiries.size > KNOWN_EXPIRIES_MAX) {
      const oldest = this.knownExpiries.keys().next().value;
      if (oldest !== undefined) this.knownExpiries.delete(oldest);
    }
  }

  private expiry(sess: SessionData): Date {
    const expires = (sess.cookie as { expires?: Date | string | null } | undefined)?.expires;
    if (expires) return new Date(expires);
    return new Date(Date.now() + this.defaultTtlMs);
  }

  private repo() {
    return this.ds.getRepository(Session);
  }
}
