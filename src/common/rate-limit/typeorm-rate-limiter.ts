import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import { DataSource, LessThanOrEqual, MoreThan } from 'typeorm';
import { RateLimit } from './rate-limit.entity';

// The base class of the library's stores is typed by the package but exported only from its file.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RateLimiterStoreAbstract = require('rate-limiter-flexible/lib/RateLimiterStoreAbstract') as typeof StoreAbstract;

/** A window that never ends (`duration` 0): far beyond any real window, inside every datetime range. */
const NEVER = new Date('9999-01-01T00:00:00Z');
const KEY_MAX = 191;

/** A deadlock or lock wait on MariaDB (concurrent upserts of a new key): the statement is retried. */
function isLockConflict(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  const code = e.driverError?.code ?? e.code ?? '';
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

interface StoredWindow {
  points: number;
  expiresAt: Date;
}

/** `datetime(3)` as TypeORM writes it on SQLite (UTC, `YYYY-MM-DD HH:MM:SS.mmm`). */
const sqliteTime = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
/** A `datetime` read back: a Date (mysql2) or SQLite's UTC text. */
const readTime = (v: Date | string) => (v instanceof Date ? v : new Date(`${v.replace(' ', 'T')}Z`));

/**
 * A rate-limiter-flexible store on the `rate_limits` table, for the embedded default (no Redis):
 * counters survive a restart and are shared by every process on the same database. Written the
 * way the library's own SQL stores are (`_upsert` / `_get` / `_delete`): one upsert per hit adds
 * to a live window or restarts an ended one, and the caller reads back exactly its own count —
 * SQLite and MariaDB 10.5+ in the same statement (`RETURNING`), MySQL 8 in the same transaction,
 * under the row lock the upsert took. So a burst of N hits is allowed exactly the rule's points.
 */
export class RateLimiterTypeorm extends RateLimiterStoreAbstract {
  private readonly ds: DataSource;
  private readonly sqlite: boolean;

  constructor(opts: ConstructorParameters<typeof RateLimiterStoreAbstract>[0] & { storeClient: DataSource }) {
    super(opts);
    this.ds = opts.storeClient;
    this.sqlite = this.ds.options.type === 'better-sqlite3';
  }

  protected _getRateLimiterRes(_rlKey: string, changedPoints: number, stored: StoredWindow): RateLimiterRes {
    const msLeft = stored.expiresAt.getTime() >= NEVER.getTime() ? -1 : Math.max(0, stored.expiresAt.getTime() - Date.now());
    return new RateLimiterRes(Math.max(this.points - stored.points, 0), msLeft, stored.points, stored.points === changedPoints);
  }

  /** Adds `points` to the live window, or opens one of `msDuration` (0: never ends); `forceExpire` replaces it. */
  protected async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoredWindow> {
    if (!Number.isInteger(points)) throw new Error('rate limit points must be whole numbers');
    const key = storeKey(rlKey);
    for (let attempt = 0; ; attempt++) {
      const now = new Date();
      const expiresAt = msDuration > 0 ? new Date(now.getTime() + msDuration) : NEVER;
      try {
        return this.sqlite ? await this.upsertSqlite(key, points, expiresAt, now, forceExpire) : await this.upsertMariaDb(key, points, expiresAt, now, forceExpire);
      } catch (err) {
        if (attempt < 5 && isLockConflict(err)) continue;
        throw err;
      }
    }
  }

  private async upsertSqlite(key: string, points: number, expiresAt: Date, now: Date, force: boolean): Promise<StoredWindow> {
    const ended = force ? '1' : 'expires_at <= ?';
    const rows: { points: number; expires_at: string }[] = await this.ds.query(
      `INSERT INTO rate_limits ("key", points, expires_at) VALUES (?, ?, ?)
       ON CONFLICT("key") DO UPDATE SET
         points = CASE WHEN ${ended} THEN excluded.points ELSE points + excluded.points END,
         expires_at = CASE WHEN ${ended} THEN excluded.expires_at ELSE expires_at END
       RETURNING points, expires_at`,
      [key, points, sqliteTime(expiresAt), ...(force ? [] : [sqliteTime(now), sqliteTime(now)])],
    );
    return { points: Number(rows[0].points), expiresAt: readTime(rows[0].expires_at) };
  }

  private async upsertMariaDb(key: string, points: number, expiresAt: Date, now: Date, force: boolean): Promise<StoredWindow> {
    // Assignments run left to right: `points` still sees the old `expires_at`.
    const ended = force ? 'TRUE' : 'expires_at <= ?';
    const upsert = `INSERT INTO rate_limits (\`key\`, points, expires_at) VALUES (?, ?, ?)
         ON DUPLICATE KEY UPDATE
           points = IF(${ended}, VALUES(points), points + VALUES(points)),
           expires_at = IF(${ended}, VALUES(expires_at), expires_at)`;
    const params = [key, points, expiresAt, ...(force ? [] : [now, now])];
    // MariaDB 10.5+ returns the row as the upsert left it: one statement, no transaction.
    if (this.ds.driver.isReturningSqlSupported('insert')) {
      const rows: { points: number; expires_at: Date }[] = await this.ds.query(`${upsert} RETURNING points, expires_at`, params);
      return { points: Number(rows[0].points), expiresAt: readTime(rows[0].expires_at) };
    }
    // MySQL 8 has no RETURNING: read it back in the same transaction, under the row lock the upsert took.
    return this.ds.transaction(async (em) => {
      await em.query(upsert, params);
      const rows: { points: number; expires_at: Date }[] = await em.query('SELECT points, expires_at FROM rate_limits WHERE `key` = ?', [key]);
      return { points: Number(rows[0].points), expiresAt: readTime(rows[0].expires_at) };
    });
  }

  protected async _get(rlKey: string): Promise<StoredWindow | null> {
    const row = await this.ds.getRepository(RateLimit).findOne({ where: { key: storeKey(rlKey), expires_at: MoreThan(new Date()) } });
    return row ? { points: row.points, expiresAt: row.expires_at } : null;
  }

  protected async _delete(rlKey: string): Promise<boolean> {
    const res = await this.ds.getRepository(RateLimit).delete({ key: storeKey(rlKey) });
    return (res.affected ?? 0) > 0;
  }
}

/** Keys longer than the column (a long account name) keep their start and a hash of the whole. */
function storeKey(rlKey: string): string {
  if (rlKey.length <= KEY_MAX) return rlKey;
  return `${rlKey.slice(0, KEY_MAX - 45)}:${createHash('sha256').update(rlKey).digest('base64url').slice(0, 43)}`;
}

/** Deletes the windows that ended (the rate-limit module calls it every few minutes without Redis). */
export async function pruneRateLimits(ds: DataSource): Promise<number> {
  const res = await ds.getRepository(RateLimit).delete({ expires_at: LessThanOrEqual(new Date()) });
  return res.affected ?? 0;
}
