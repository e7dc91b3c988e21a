import { DataSource, LessThanOrEqual, MoreThan } from 'typeorm';
import { isDuplicateKey } from '../../users/db-errors';
import { RateLimit } from '../entities/rate-limit.entity';
import { RateLimiter, WindowCount } from './rate-limiter';

/**
 * `rate_limits` table driver. Each step is one conditional statement, so concurrent hits never
 * lose a count: increment a live window; else restart an expired one; else insert a new one
 * (a concurrent insert makes ours fail on the primary key, and we increment theirs).
 */
export class DbRateLimiter extends RateLimiter {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const repo = this.ds.getRepository(RateLimit);
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = new Date();
      const bumped = await repo
        .createQueryBuilder()
        .update()
        .set({ points: () => 'points + 1' })
        .where({ key, expires_at: MoreThan(now) })
        .execute();
      if (!bumped.affected) {
        const restarted = await repo
          .createQueryBuilder()
          .update()
          .set({ points: 1, expires_at: new Date(now.getTime() + windowMs) })
          .where({ key, expires_at: LessThanOrEqual(now) })
          .execute();
        if (!restarted.affected) {
          try {
            await repo.insert({ key, points: 1, expires_at: new Date(now.getTime() + windowMs) });
          } catch (err) {
            if (isDuplicateKey(err)) continue;
            throw err;
          }
        }
      }
      return this.peek(key);
    }
    throw new Error(`rate limit counter ${key} is contended`);
  }

  async peek(key: string): Promise<WindowCount> {
    const now = Date.now();
    const row = await this.ds.getRepository(RateLimit).findOne({ where: { key } });
    if (!row || row.expires_at.getTime() <= now) return { count: 0, resetMs: 0 };
    return { count: row.points, resetMs: row.expires_at.getTime() - now };
  }

  async reset(key: string): Promise<void> {
    await this.ds.getRepository(RateLimit).delete({ key });
  }

  /** Deletes windows that ended (called periodically). */
  async prune(): Promise<number> {
    const res = await this.ds.getRepository(RateLimit).delete({ expires_at: LessThanOrEqual(new Date()) });
    return res.affected ?? 0;
  }
}
