import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { lockForWrite } from '../../database/db-dialect';
import { MemberPoints } from './entities/member-points.entity';
import { PointsEntry, type PointsKind } from './entities/points-entry.entity';
import { expiresAtFor, REWARDS_MSG } from './rewards-rules';

/** One entry to write (see PointsLedger.write). */
export interface NewEntry {
  userId: number;
  kind: PointsKind;
  /** Signed whole points. */
  amount: number;
  /** Unique: what wrote it (earn:<orderId>, birthday:<userId>:<year> …); a second write is a no-op. */
  sourceKey: string;
  orderId?: number | null;
  note?: string;
  createdBy?: number | null;
  /** Pending (an order's earn before completion): counted in `pending`, not spendable, no expiry yet. */
  pending?: boolean;
  /** A debit that takes what the balance has (refund reverses): the rest is written in the note. */
  capAtBalance?: boolean;
  /** Months until a credit expires (POINTS_EXPIRE_MONTHS or the owner's rule). */
  expireMonths: number;
  at?: Date;
}

/**
 * The 購物金 ledger's writes (spec 4 §3), always in the caller's transaction. The ledger is
 * append-only: an entry's amount never changes, and `member_points.balance` / `.pending` move in
 * the same transaction as the entry that changes them (test/api/points.api-spec.ts proves they equal
 * the ledger's sums).
 *
 * THE ONE MUTATION: a pending entry (an order's earn, and the reverse of a pending earn) is written
 * with available_at, expires_at and balance_after NULL; when the order completes, `settlePending`
 * sets the three once, by a conditional `UPDATE … WHERE id = ? AND available_at IS NULL`, and moves
 * its amount from `pending` to `balance`. Nothing else ever updates an entry.
 *
 * Every writer is idempotent through `source_key` (unique): `write` looks the key up first and the
 * unique index refuses a concurrent twin (its transaction rolls back, nothing counted twice).
 * A member's writes are serialised by the member_points row: `SELECT … FOR UPDATE` on MariaDB
 * (SQLite's transactions take turns), except spending, which is the conditional
 * `UPDATE member_points SET balance = balance − n WHERE user_id = ? AND balance >= n`.
 */
@Injectable()
export class PointsLedger {
  constructor(private readonly tx: Transactions) {}

  /** True when an entry with this key exists. */
  async has(sourceKey: string): Promise<boolean> {
    return (await this.tx.repo(PointsEntry).count({ where: { source_key: sourceKey } })) > 0;
  }

  find(sourceKey: string): Promise<PointsEntry | null> {
    return this.tx.repo(PointsEntry).findOne({ where: { source_key: sourceKey } });
  }

  /** The member's row, created when missing, held until the transaction ends (MariaDB). */
  async lock(userId: number): Promise<MemberPoints> {
    const read = () => lockForWrite(this.tx.repo(MemberPoints).createQueryBuilder('m').where('m.user_id = :userId', { userId })).getOne();
    const found = await read();
    if (found) return found;
    await this.tx.repo(MemberPoints).createQueryBuilder().insert().into(MemberPoints).values({ user_id: userId }).orIgnore().execute();
    return (await read())!;
  }

  /**
   * Writes one entry and moves the member's balance (or pending) with it. null when the key was
   * written before. A debit never takes the balance below 0: with `capAtBalance` it takes what
   * there is (the rest noted), otherwise it throws.
   */
  async write(e: NewEntry): Promise<PointsEntry | null> {
    if (!Number.isSafeInteger(e.amount)) throw new RangeError(`points: amount must be whole, got ${e.amount}`);
    if (await this.has(e.sourceKey)) return null;
    const account = await this.lock(e.userId);
    const at = e.at ?? new Date();
    const repo = this.tx.repo(MemberPoints);
    let amount = e.amount;
    let note = e.note ?? '';
    if (e.pending) {
      await repo.update({ user_id: e.userId }, { pending: account.pending + amount });
      return this.insert(e, { amount, note, balanceAfter: null, availableAt: null, expiresAt: null });
    }
    if (amount < 0 && account.balance + amount < 0) {
      if (!e.capAtBalance) throw new AppError(REWARDS_MSG.adjustBelowZero, HttpStatus.BAD_REQUEST);
      const short = -amount - account.balance;
      amount = -account.balance;
      note = `${note}${note ? '；' : ''}餘額不足，${short} 點未扣回`;
    }
    const balanceAfter = account.balance + amount;
    await repo.update({ user_id: e.userId }, { balance: balanceAfter });
    return this.insert(e, { amount, note, balanceAfter, availableAt: at, expiresAt: amount > 0 ? expiresAtFor(at, e.expireMonths) : null });
  }

  /**
   * Spends `n` points of an order (checkout, in the order's transaction): the conditional UPDATE,
   * then the `redeem` entry. 400 購物金餘額不足 when the balance (as committed now) is short.
   */
  async spend(userId: number, orderId: number, n: number): Promise<PointsEntry> {
    if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`points: spend must be a positive whole number, got ${n}`);
    const res = await this.tx
      .repo(MemberPoints)
      .createQueryBuilder()
      .update(MemberPoints)
      .set({ balance: () => `balance - ${n}` })
      .where('user_id = :userId AND balance >= :n', { userId, n })
      .execute();
    if (!res.affected) throw new AppError(REWARDS_MSG.balanceShort, HttpStatus.BAD_REQUEST, { errors: [{ field: 'usePoints', message: REWARDS_MSG.balanceShort }] });
    const row = await this.tx.repo(MemberPoints).findOne({ select: { balance: true }, where: { user_id: userId } });
    return this.insert(
      { userId, kind: 'redeem', amount: -n, sourceKey: `redeem:${orderId}`, orderId, expireMonths: 0 },
      { amount: -n, note: '', balanceAfter: row!.balance, availableAt: new Date(), expiresAt: null },
    );
  }

  /**
   * An order completed: its pending entries (the earn, a pending reverse) become available, oldest
   * first (the earn before its reverse, so the balance never dips). Returns the points made available.
   */
  async settlePending(orderId: number, expireMonths: number, at = new Date()): Promise<{ userId: number; amount: number } | null> {
    const entries = await this.tx.repo(PointsEntry).createQueryBuilder('e').where('e.order_id = :orderId AND e.available_at IS NULL', { orderId }).orderBy('e.id', 'ASC').getMany();
    if (entries.length === 0) return null;
    let total = 0;
    for (const entry of entries) {
      const account = await this.lock(entry.user_id);
      const balanceAfter = Math.max(0, account.balance + entry.amount);
      const expiresAt = entry.amount > 0 ? expiresAtFor(at, expireMonths) : null;
      // The one mutation of an entry (see the class comment).
      const res = await this.tx
        .repo(PointsEntry)
        .createQueryBuilder()
        .update(PointsEntry)
        .set({ available_at: at, expires_at: expiresAt, balance_after: balanceAfter })
        .where('id = :id AND available_at IS NULL', { id: entry.id })
        .execute();
      if (!res.affected) continue;
      await this.tx.repo(MemberPoints).update({ user_id: entry.user_id }, { balance: balanceAfter, pending: account.pending - entry.amount });
      total += entry.amount;
    }
    return { userId: entries[0].user_id, amount: total };
  }

  private async insert(e: NewEntry, v: { amount: number; note: string; balanceAfter: number | null; availableAt: Date | null; expiresAt: Date | null }): Promise<PointsEntry> {
    const repo = this.tx.repo(PointsEntry);
    const row = repo.create({
      user_id: e.userId,
      kind: e.kind,
      amount: v.amount,
      balance_after: v.balanceAfter,
      order_id: e.orderId ?? null,
      source_key: e.sourceKey.slice(0, 80),
      note: v.note.slice(0, 255),
      created_by: e.createdBy ?? null,
      available_at: v.availableAt,
      expires_at: v.expiresAt,
    });
    return repo.save(row);
  }
}
