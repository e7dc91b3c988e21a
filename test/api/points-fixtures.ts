import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transactions } from '../../src/common/transactions/transactions';
import { OrderMoves } from '../../src/modules/orders/order-moves.service';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { PointsLedger } from '../../src/modules/rewards/points-ledger';
import { homeCod, submit, type Shopper } from './checkout-fixtures';
import { quote, type Line } from './promotion-fixtures';

/**
 * Fixtures of the points and tiers API tests (points*.api-spec.ts, tiers*.api-spec.ts): points given
 * through the ledger itself, cash-on-delivery orders placed through the real checkout and moved
 * through the real lifecycle (shipped, delivered = paid, completed), and the ledger-vs-cache check.
 */

/** Available points given to a member (an `adjust` entry through the ledger, at `at`). */
export async function grant(app: INestApplication, userId: number, amount: number, opts: { at?: Date; key?: string; months?: number } = {}): Promise<void> {
  const tx = app.get(Transactions);
  const ledger = app.get(PointsLedger, { strict: false });
  await tx.run(() =>
    ledger.write({ userId, kind: 'adjust', amount, sourceKey: opts.key ?? `adjust:test:${userId}:${Date.now()}:${Math.random()}`, note: 'test', expireMonths: opts.months ?? 12, at: opts.at }),
  );
}

export interface Account {
  balance: number;
  pending: number;
  tier_id: number | null;
  spend_12m: number;
  expiry_reminded_for: string | null;
}

export async function account(app: INestApplication, userId: number): Promise<Account | null> {
  const [r] = await app.get(DataSource).query('SELECT balance, pending, tier_id, spend_12m, expiry_reminded_for FROM member_points WHERE user_id = ?', [userId]);
  return r ? { balance: Number(r.balance), pending: Number(r.pending), tier_id: r.tier_id === null ? null : Number(r.tier_id), spend_12m: Number(r.spend_12m), expiry_reminded_for: r.expiry_reminded_for } : null;
}

export interface Entry {
  id: number;
  kind: string;
  amount: number;
  balance_after: number | null;
  order_id: number | null;
  source_key: string;
  note: string;
  available: boolean;
}

export async function entries(app: INestApplication, userId: number): Promise<Entry[]> {
  const rows = await app.get(DataSource).query('SELECT id, kind, amount, balance_after, order_id, source_key, note, available_at FROM points_ledger WHERE user_id = ? ORDER BY id', [userId]);
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    kind: r.kind as string,
    amount: Number(r.amount),
    balance_after: r.balance_after === null ? null : Number(r.balance_after),
    order_id: r.order_id === null ? null : Number(r.order_id),
    source_key: r.source_key as string,
    note: r.note as string,
    available: r.available_at !== null,
  }));
}

/** The cached balance and pending equal the ledger's sums (available / pending entries). */
export async function expectLedgerMatches(app: INestApplication, userId: number): Promise<void> {
  const list = await entries(app, userId);
  const acct = (await account(app, userId)) ?? { balance: 0, pending: 0 };
  const available = list.filter((e) => e.available).reduce((s, e) => s + e.amount, 0);
  const pending = list.filter((e) => !e.available).reduce((s, e) => s + e.amount, 0);
  expect({ balance: acct.balance, pending: acct.pending }).toEqual({ balance: available, pending });
  expect(acct.balance).toBeGreaterThanOrEqual(0);
  // Without pending entries (made available later), every entry's balance_after is the running sum.
  if (list.every((e) => e.kind !== 'earn' && e.kind !== 'reverse')) {
    let running = 0;
    for (const e of list) expect(e.balance_after).toBe((running += e.amount));
  }
}

/** A cash-on-delivery order at the quoted total (usePoints, a code …). */
export async function codOrder(s: Shopper, lines: Line[], extra: Record<string, unknown> = {}): Promise<{ id: number; total: number; quote: Record<string, unknown> }> {
  const q = await quote(s, lines, extra);
  if (q.status !== 200) throw new Error(`quote: ${q.status} ${JSON.stringify(q.body)}`);
  const r = await submit(s, homeCod(s, lines, q.body.totalAmount as number, extra));
  if (r.status !== 200) throw new Error(`submitOrder: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.resData.order_id as number, total: q.body.totalAmount as number, quote: q.body };
}

/** Shipped then delivered: a cash-on-delivery order becomes paid (order.paid → points pending). */
export async function deliver(app: INestApplication, orderId: number): Promise<void> {
  const state = app.get(OrderStateService, { strict: false });
  expect(await state.markShipped(orderId, `T${orderId}`)).toBe('shipped');
  expect(await state.markDelivered(orderId, new Date())).toBe(true);
}

/** The completion job's move (delivered → completed: points available). */
export async function complete(app: INestApplication, orderId: number): Promise<void> {
  const ok = await app.get(Transactions).run(() => app.get(OrderMoves, { strict: false }).complete(orderId, new Date()));
  expect(ok).toBe(true);
}

/** Outbox rows of member notices for this member and kind. */
export async function notices(app: INestApplication, kind: string, ref?: string): Promise<string[]> {
  // Stored with '.' for ':' (job-queue.ts storedJobId); answered as enqueued.
  const rows: { job_id: string }[] = await app.get(DataSource).query('SELECT job_id FROM outbox_messages WHERE job_id LIKE ? ORDER BY id', [`notice.${kind}.${(ref ?? '').replace(/:/g, '.')}%`]);
  return rows.map((r) => r.job_id.replace(/\./g, ':'));
}
