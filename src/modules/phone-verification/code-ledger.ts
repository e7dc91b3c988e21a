import { FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';

/** The columns phone_codes and email_codes share. */
export interface CodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
}

export type CheckResult = { ok: true; id: number } | { ok: false; reason: 'gone' | 'wrong' };

/**
 * Verification of the latest code for a target (single use, limited tries), shared by SMS and
 * e-mail codes. Every step is a conditional UPDATE checked by affected rows, so parallel
 * guesses cannot exceed the try limit and a code cannot be used twice.
 */
export class CodeLedger<E extends CodeRow> {
  constructor(
    private readonly repo: Repository<E>,
    private readonly maxAttempts: number,
  ) {}

  latest(where: FindOptionsWhere<E>): Promise<E | null> {
    return this.repo.findOne({ where, order: { id: 'DESC' } as FindOptionsOrder<E> });
  }

  /** Counts a try on the latest code of `where`, then checks it with `matches` and consumes it. */
  async check(where: FindOptionsWhere<E>, matches: (row: E) => boolean): Promise<CheckResult> {
    const row = await this.latest(where);
    const now = new Date();
    if (!row || row.consumed_at || row.expires_at.getTime() <= now.getTime() || row.attempts >= this.maxAttempts) {
      return { ok: false, reason: 'gone' };
    }
    const counted = await this.repo
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1' } as never)
      .where('id = :id AND attempts < :max AND consumed_at IS NULL', { id: row.id, max: this.maxAttempts })
      .execute();
    if (!counted.affected) return { ok: false, reason: 'gone' };
    if (!matches(row)) return { ok: false, reason: 'wrong' };
    const used = await this.repo
      .createQueryBuilder()
      .update()
      .set({ consumed_at: now } as never)
      .where('id = :id AND consumed_at IS NULL AND expires_at > :now', { id: row.id, now })
      .execute();
    return used.affected ? { ok: true, id: row.id } : { ok: false, reason: 'gone' };
  }

  /** True while the row may still be sent (not used, not expired): processors skip stale jobs. */
  async isLive(id: number): Promise<boolean> {
    const row = await this.repo.findOne({ where: { id } as FindOptionsWhere<E> });
    return !!row && !row.consumed_at && row.expires_at.getTime() > Date.now();
  }
}
