import { Logger } from '@nestjs/common';
import { SessionData, Store } from 'express-session';
import { DataSource, In, LessThanOrEqual, Not } from 'typeorm';
import { Session } from '../entities/session.entity';
import './session.types';

type Cb<T = void> = (err?: unknown, value?: T) => void;

/**
 * express-session store on the `sessions` table (embedded default; Redis in production).
 * Keeps the member / admin id in indexed columns so "end my other sessions" and "log out
 * everywhere after a password reset" are one DELETE. Expired rows are pruned periodically.
 */
export class TypeormSessionStore extends Store {
  private readonly logger = new Logger('SessionStore');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly ds: DataSource,
    private readonly defaultTtlMs: number,
    pruneEveryMs = 10 * 60_000,
  ) {
    super();
    if (pruneEveryMs > 0) {
      this.timer = setInterval(() => {
        this.prune().catch((err: Error) => this.logger.warn(`pruning sessions failed: ${err.message}`));
      }, pruneEveryMs);
      this.timer.unref();
    }
  }

  override get(sid: string, cb: Cb<SessionData | null>): void {
    this.repo()
      .findOne({ where: { id: sid } })
      .then((row) => {
        if (!row || row.expires_at.getTime() <= Date.now()) return cb(null, null);
        cb(null, JSON.parse(row.data) as SessionData);
      }, cb);
  }

  override set(sid: string, sess: SessionData, cb?: Cb): void {
    const row = {
      id: sid,
      data: JSON.stringify(sess),
      expires_at: this.expiry(sess),
      user_id: typeof sess.passport?.user === 'number' ? sess.passport.user : null,
      admin_id: typeof sess.adminId === 'number' ? sess.adminId : null,
    };
    this.repo()
      .upsert(row, ['id'])
      .then(() => cb?.(), (err: unknown) => cb?.(err));
  }

  override touch(sid: string, sess: SessionData, cb?: () => void): void {
    this.repo()
      .update({ id: sid }, { expires_at: this.expiry(sess) })
      .then(() => cb?.(), (err: Error) => {
        this.logger.warn(`touch failed: ${err.message}`);
        cb?.();
      });
  }

  override destroy(sid: string, cb?: Cb): void {
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

  private expiry(sess: SessionData): Date {
    const expires = sess.cookie?.expires;
    if (expires) return new Date(expires);
    return new Date(Date.now() + this.defaultTtlMs);
  }

  private repo() {
    return this.ds.getRepository(Session);
  }
}
