import type { Repository } from 'typeorm';
import { MemberPoints } from './entities/member-points.entity';

/**
 * Walks the member_points rows by user id in pages of `size` (index-only reads) and hands each page
 * to `work`, at most `concurrency` pages at a time: each page is its own short transaction, so on
 * MariaDB several run side by side on disjoint members (no long locks); SQLite's transactions take
 * turns anyway (concurrency 1). Stops after `limit` members when given.
 */
export async function forEachMemberPage(
  repo: Repository<MemberPoints>,
  opts: { size: number; concurrency: number; limit?: number },
  work: (ids: number[]) => Promise<void>,
): Promise<number> {
  let cursor = 0;
  let seen = 0;
  const running = new Set<Promise<void>>();
  let failure: unknown = null;
  for (;;) {
    const rows = await repo
      .createQueryBuilder('m')
      .select('m.user_id', 'user_id')
      .where('m.user_id > :cursor', { cursor })
      .orderBy('m.user_id', 'ASC')
      .limit(opts.size)
      .getRawMany<{ user_id: number | string }>();
    if (rows.length === 0) break;
    const ids = rows.map((r) => Number(r.user_id));
    cursor = ids[ids.length - 1];
    seen += ids.length;
    const p: Promise<void> = work(ids)
      .catch((err: unknown) => {
        failure ??= err;
      })
      .finally(() => running.delete(p));
    running.add(p);
    if (running.size >= Math.max(1, opts.concurrency)) await Promise.race(running);
    if (failure) break;
    if (opts.limit !== undefined && seen >= opts.limit) break;
  }
  await Promise.all(running);
  if (failure) throw failure;
  return seen;
}
