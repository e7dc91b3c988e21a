import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { JobDriver } from '../../src/jobs/job-queue';
import { DomainEvents } from '../../src/common/events/domain-events';
import { BrowserSession, lastCode, randomPhone, registerMember } from '../../src/modules/auth/testing/browser-session';
import type { TestApp } from '../helpers/test-app';

/**
 * Fixtures shared by the checkout and orders API tests (test/api/checkout*.api-spec.ts,
 * orders*.api-spec.ts): shoppers registered through the real flows with a complete profile,
 * variants with a known stock, and submitOrder bodies.
 */

export interface Shopper {
  b: BrowserSession;
  userId: number;
  phone: string;
  email: string;
}

let seq = 0;

/** A member through the real flows (register, name, e-mail by code): a profile checkout accepts. */
export async function shopper(t: TestApp, opts: { complete?: boolean } = {}): Promise<Shopper> {
  const b = new BrowserSession(request.agent(t.http));
  const m = await registerMember(t.app, b);
  const email = `buyer${++seq}-${m.phone}@example.com`;
  if (opts.complete === false) return { b, userId: m.userId, phone: m.phone, email: '' };
  const named = await b.post('/api/user/updateUser', { username: '王小明' });
  if (named.status !== 200) throw new Error(`updateUser: ${named.status} ${JSON.stringify(named.body)}`);
  const sent = await b.post('/api/email/send-code', { email });
  if (sent.status !== 200) throw new Error(`send-code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await lastCode(t.app, email);
  const updated = await b.post('/api/user/updateEmail', { email, code });
  if (updated.status !== 200) throw new Error(`updateEmail: ${updated.status} ${JSON.stringify(updated.body)}`);
  return { b, userId: m.userId, phone: m.phone, email };
}

export interface TestVariant {
  productId: number;
  variantId: number;
  title: string;
  variantName: string;
  price: number;
}

/** Active variants of listed products (id order), `count` of them from distinct products, with `stock` each. */
export async function variants(app: INestApplication, count: number, stock: number, minPrice = 100): Promise<TestVariant[]> {
  const ds = app.get(DataSource);
  const rows: { id: number; product_id: number; price: number; title: string; variant_name: string }[] = await ds.query(
    `SELECT v.id, v.product_id, v.discount_price AS price, p.title, v.variant_name FROM product_variants v JOIN products p ON p.id = v.product_id
     WHERE p.is_active = 1 AND v.is_active = 1 AND v.discount_price >= ? ORDER BY v.product_id, v.id`,
    [minPrice],
  );
  const seen = new Set<number>();
  const out: TestVariant[] = [];
  for (const r of rows) {
    if (seen.has(Number(r.product_id))) continue;
    seen.add(Number(r.product_id));
    out.push({ productId: Number(r.product_id), variantId: Number(r.id), title: r.title, variantName: r.variant_name, price: Number(r.price) });
  }
  // Later specs take variants from the end, so files that share a helper never overlap.
  const picked = out.slice(-count - (used.get(app) ?? 0), out.length - (used.get(app) ?? 0));
  used.set(app, (used.get(app) ?? 0) + count);
  if (picked.length < count) throw new Error(`only ${picked.length} variants left`);
  for (const v of picked) await ds.query('UPDATE product_variants SET quantity = ? WHERE id = ?', [stock, v.variantId]);
  return picked;
}
const used = new WeakMap<INestApplication, number>();

export async function stockOf(app: INestApplication, variantId: number): Promise<number> {
  const rows: { quantity: number }[] = await app.get(DataSource).query('SELECT quantity FROM product_variants WHERE id = ?', [variantId]);
  return Number(rows[0].quantity);
}

/** Shipping method rows as stored (cost, threshold). */
export async function shippingMethod(app: INestApplication, id: number): Promise<{ shipping_cost: number; free_shipping_threshold: number }> {
  const rows: { shipping_cost: number; free_shipping_threshold: number }[] = await app
    .get(DataSource)
    .query('SELECT shipping_cost, free_shipping_threshold FROM shipping_methods WHERE id = ?', [id]);
  return { shipping_cost: Number(rows[0].shipping_cost), free_shipping_threshold: Number(rows[0].free_shipping_threshold) };
}

/** Changes a shipping method in the database and drops the cached settings (as the back-office will). */
export async function setShipping(app: INestApplication, id: number, set: { shipping_cost?: number; free_shipping_threshold?: number; is_active?: number }): Promise<void> {
  const ds = app.get(DataSource);
  for (const [k, v] of Object.entries(set)) await ds.query(`UPDATE shipping_methods SET ${k} = ? WHERE id = ?`, [v, id]);
  await app.get(DomainEvents).publish('settings.changed', {});
}

export async function setPaymentMethod(app: INestApplication, code: string, status: number): Promise<void> {
  await app.get(DataSource).query('UPDATE payment_methods SET status = ? WHERE method_code = ?', [status, code]);
  await app.get(DomainEvents).publish('settings.changed', {});
}

/** The demo fee rule: the home delivery fee for `subtotal`. */
export function feeFor(m: { shipping_cost: number; free_shipping_threshold: number }, subtotal: number): number {
  return subtotal >= m.free_shipping_threshold ? 0 : m.shipping_cost;
}

export type Body = Record<string, unknown>;

/** A complete home-delivery, cash-on-delivery body for `lines` with the total the shopper saw. */
export function homeCod(
  s: Pick<Shopper, 'phone' | 'email'>,
  lines: { v: Pick<TestVariant, 'productId' | 'variantId'>; quantity: number }[],
  total: number,
  extra: Body = {},
): Body {
  return {
    buy_name: '王小明',
    buy_phone: s.phone,
    buy_email: s.email,
    name: '陳美麗',
    phone: '0911222333',
    city: '臺北市',
    district: '中正區',
    zip: '100',
    street: '重慶南路一段 122 號',
    shipping: 4,
    deliveryTimeSlot: '04',
    payment: 'cod',
    invoiceType: 'personal',
    carrierType: 'amego',
    cartItems: lines.map((l) => ({ product_id: l.v.productId, variant_id: l.v.variantId, quantity: l.quantity })),
    totalAmount: total,
    ...extra,
  };
}

/**
 * submitOrder as the client sends it (JSON, CSRF token, an Idempotency-Key): `key` undefined sends
 * a fresh random key (one attempt, as the client does), null sends none (the 2-second lock applies).
 */
export async function submit(s: Shopper, body: Body, key?: string | null) {
  const token = await s.b.csrfToken();
  let req = s.b.agent.post('/api/order/submitOrder').set('X-Forwarded-For', s.b.ip).set('X-CSRF-Token', token);
  const header = key === undefined ? `t-${randomBytes(12).toString('hex')}` : key;
  if (header !== null) req = req.set('Idempotency-Key', header);
  return req.send(body);
}

export async function rowCount(app: INestApplication, sql: string, params: unknown[] = []): Promise<number> {
  const rows: { n: number }[] = await app.get(DataSource).query(sql, params);
  return Number(rows[0].n);
}

/** Waits for the job queue to run what the last requests queued. */
export async function jobsIdle(app: INestApplication): Promise<void> {
  await app.get(JobDriver, { strict: false }).whenIdle(10_000);
}

export { randomPhone };
