import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ServerCartItem } from '../../src/common/api/member-cart';
import { BrowserSession, outboxFor } from '../../src/modules/auth/testing/browser-session';
import { CartReminders } from '../../src/modules/member-cart/cart-reminders.service';
import { shopper, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { codOrder } from './points-fixtures';
import { OrderMaker } from './refund-fixtures';
import { eventually } from '../helpers/processes';
import { createTestApp, type TestApp } from '../helpers/test-app';

// App start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(120_000);

/** A PUT as the client sends it (JSON + X-CSRF-Token). */
async function put(b: BrowserSession, path: string, body: object) {
  const token = await b.csrfToken();
  return b.agent.put(path).set('X-Forwarded-For', b.ip).set('X-CSRF-Token', token).send(body);
}

const at = (ms: number) => new Date(ms).toISOString();
const line = (v: TestVariant, quantity: number, when?: number) => ({ product_id: v.productId, variant_id: v.variantId, quantity, ...(when === undefined ? {} : { updated_at: at(when) }) });
const quantities = (items: ServerCartItem[]) => Object.fromEntries(items.map((i) => [i.variant_id, i.quantity]));

/**
 * The member's server cart (spec 4 §3–§4, §7; issue 22 §3): GET / PUT /api/member/cart and POST
 * /api/member/cart/merge. PUT: per line the later updated_at wins and a removal (quantity 0) is
 * kept, so a stale tab can't bring it back; merge: the larger quantity wins; invalid lines are
 * dropped; an order takes its lines out. The reminder job runs on its env timing
 * (CART_REMINDER_HOURS 0.0005 h ≈ 1.8 s, CART_REMINDER_EVERY_MS 200) and reminds only with consent.
 */
describe('member server cart', () => {
  let t: TestApp;
  let ds: DataSource;
  let v: TestVariant[];

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000', CART_REMINDER_HOURS: '0.0005', CART_REMINDER_EVERY_MS: '200' }, { listen: true });
    ds = t.app.get(DataSource);
    v = await variants(t.app, 6, 50);
  });
  afterAll(async () => {
    await t?.close();
  });

  const cartOf = async (s: Shopper) => {
    const res = await s.b.get('/api/member/cart');
    expect(res.status).toBe(200);
    return res.body.cartItems as ServerCartItem[];
  };
  const touchedAt = async (userId: number) => {
    const rows = (await ds.query('SELECT touched_at, reminded_at FROM member_carts WHERE user_id = ?', [userId])) as { touched_at: string | Date | null; reminded_at: string | Date | null }[];
    return rows[0] ?? null;
  };

  it('needs a member; a new member has an empty cart', async () => {
    expect((await request(t.http).get('/api/member/cart')).status).toBe(401);
    const s = await shopper(t, { complete: false });
    expect(await cartOf(s)).toEqual([]);
    const bad = await put(s.b, '/api/member/cart', { cartItems: 'x' });
    expect([bad.status, bad.body.success]).toEqual([400, false]);
  });

  it('PUT stores the valid lines and drops the rest; a body user_id is ignored', async () => {
    const s = await shopper(t, { complete: false });
    const other = await shopper(t, { complete: false });
    const now = Date.now();
    const [delisted] = (await ds.query('SELECT id FROM products WHERE is_active = 0 LIMIT 1')) as { id: number }[];
    const res = await put(s.b, '/api/member/cart', {
      user_id: other.userId,
      cartItems: [
        line(v[0], 2, now),
        line(v[1], 1), // no updated_at: now
        { product_id: v[2].productId, variant_id: v[3].variantId, quantity: 1 }, // variant of another product
        { product_id: v[2].productId, variant_id: 999_999_999, quantity: 1 },
        { product_id: v[2].productId, variant_id: 0, quantity: 1 },
        line(v[2], 100),
        line(v[2], -1),
        line(v[2], 1.5),
        { ...line(v[2], 1), quantity: '1' },
        'junk',
        null,
        ...(delisted ? [{ product_id: Number(delisted.id), variant_id: v[4].variantId, quantity: 1 }] : []),
      ],
    });
    expect([res.status, res.body.success]).toEqual([200, true]);
    expect(quantities(res.body.cartItems)).toEqual({ [v[0].variantId]: 2, [v[1].variantId]: 1 });
    expect(res.body.cartItems.find((i: ServerCartItem) => i.variant_id === v[0].variantId).updated_at).toBe(at(now));
    expect(quantities(await cartOf(s))).toEqual({ [v[0].variantId]: 2, [v[1].variantId]: 1 });
    expect(await cartOf(other)).toEqual([]);
    expect((await touchedAt(s.userId))?.touched_at).toBeTruthy();

    // A delisted product's line is no longer answered (and can't be added).
    await ds.query('UPDATE products SET is_active = 0 WHERE id = ?', [v[5].productId]);
    const added = await put(s.b, '/api/member/cart', { cartItems: [line(v[5], 1)] });
    expect(quantities(added.body.cartItems)).toEqual({ [v[0].variantId]: 2, [v[1].variantId]: 1 });
    await ds.query('UPDATE products SET is_active = 1 WHERE id = ?', [v[5].productId]);
  });

  it('two tabs: the later write of each line wins, a removed line is not brought back by a stale tab, and no line is lost', async () => {
    const s = await shopper(t, { complete: false });
    const t0 = Date.now() - 60_000;
    // Tab A writes two lines at t0 + 10 s.
    await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 2, t0 + 10_000), line(v[1], 1, t0 + 10_000)] });
    // Tab B, opened earlier, writes its older view of line 0 and a line of its own.
    let res = await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 5, t0), line(v[2], 3, t0)] });
    expect(quantities(res.body.cartItems)).toEqual({ [v[0].variantId]: 2, [v[1].variantId]: 1, [v[2].variantId]: 3 });
    // Tab A removes line 1; tab B (stale) still sends it as it was.
    const before = await touchedAt(s.userId);
    res = await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 2, t0 + 10_000), line(v[1], 0, t0 + 20_000)] });
    expect(quantities(res.body.cartItems)).toEqual({ [v[0].variantId]: 2, [v[2].variantId]: 3 });
    expect(new Date((await touchedAt(s.userId))!.touched_at!).getTime()).toBeGreaterThanOrEqual(new Date(before!.touched_at!).getTime());
    res = await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 5, t0), line(v[1], 1, t0 + 10_000), line(v[2], 3, t0)] });
    expect(quantities(res.body.cartItems)).toEqual({ [v[0].variantId]: 2, [v[2].variantId]: 3 });
    // A newer write of tab B wins; adding the removed line again (a newer time) brings it back.
    res = await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 4, t0 + 30_000), line(v[1], 2, t0 + 30_000)] });
    expect(quantities(res.body.cartItems)).toEqual({ [v[0].variantId]: 4, [v[1].variantId]: 2, [v[2].variantId]: 3 });
    // A tab whose clock runs ahead can't freeze a line: its time counts as the server's now.
    await put(s.b, '/api/member/cart', { cartItems: [line(v[2], 1, Date.now() + 3_600_000)] });
    res = await put(s.b, '/api/member/cart', { cartItems: [line(v[2], 6, Date.now() + 1_000)] });
    expect(quantities(res.body.cartItems)[v[2].variantId]).toBe(6);
    // Two writes at once both apply (one after the other), nothing fails.
    const both = await Promise.all([put(s.b, '/api/member/cart', { cartItems: [line(v[3], 1)] }), put(s.b, '/api/member/cart', { cartItems: [line(v[4], 1)] })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(Object.keys(quantities(await cartOf(s))).map(Number).sort()).toEqual([v[0], v[1], v[2], v[3], v[4]].map((x) => x.variantId).sort());
  });

  it('a new member’s first writes at once (several tabs): every one applies, none fails', async () => {
    const s = await shopper(t, { complete: false });
    const writes = await Promise.all([0, 1, 2, 3].map((i) => put(s.b, '/api/member/cart', { cartItems: [line(v[i], i + 1)] })));
    expect(writes.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(quantities(await cartOf(s))).toEqual({ [v[0].variantId]: 1, [v[1].variantId]: 2, [v[2].variantId]: 3, [v[3].variantId]: 4 });
    expect(Number(((await ds.query('SELECT COUNT(*) AS n FROM member_carts WHERE user_id = ?', [s.userId])) as { n: number }[])[0].n)).toBe(1);
  });

  it('merge after login: the larger quantity of each line wins, the browser adds its other lines, removals are ignored', async () => {
    const s = await shopper(t, { complete: false });
    const t0 = Date.now() - 60_000;
    await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 3, t0), line(v[1], 1, t0), line(v[2], 2, t0), line(v[2], 0, t0 + 1)] });
    const res = await s.b.post('/api/member/cart/merge', { cartItems: [line(v[0], 2, t0 + 5_000), line(v[1], 4), line(v[2], 1), line(v[3], 5), line(v[4], 0), line(v[5], 120)] });
    expect([res.status, res.body.success]).toEqual([200, true]);
    expect(quantities(res.body.cartItems)).toEqual({ [v[0].variantId]: 3, [v[1].variantId]: 4, [v[2].variantId]: 1, [v[3].variantId]: 5 });
    expect(quantities(await cartOf(s))).toEqual(quantities(res.body.cartItems));
  });

  it('placing an order takes its lines out of the server cart; the other lines stay', async () => {
    const s = await shopper(t);
    await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 1), line(v[1], 2)] });
    await codOrder(s, [{ v: v[0], quantity: 1 }]);
    expect(quantities(await cartOf(s))).toEqual({ [v[1].variantId]: 2 });
    // A tab still showing the ordered line (its older time) can't put it back.
    const res = await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 1, Date.now() - 5_000)] });
    expect(quantities(res.body.cartItems)).toEqual({ [v[1].variantId]: 2 });
  });

  it('a card order keeps its lines in the cart until it is paid (a failed payment is retried from the cart)', async () => {
    const s = await shopper(t);
    await put(s.b, '/api/member/cart', { cartItems: [line(v[0], 1), line(v[1], 2)] });
    const maker = new OrderMaker(t, await OrderMaker.baseOf(t), s, v[0]);
    const order = await maker.place('credit');
    expect(quantities(await cartOf(s))).toEqual({ [v[0].variantId]: 1, [v[1].variantId]: 2 });
    await maker.pay('credit', order);
    expect(quantities(await cartOf(s))).toEqual({ [v[1].variantId]: 2 });
  });

  it('reminders: one per untouched cart, only with marketing consent and no order since; at most every 7 days', async () => {
    // Marketing consent as the member gives it in /profile (行銷通知 Email).
    const consent = async (s: Shopper) => expect((await put(s.b, '/api/member/preferences', { marketing_email: 1 })).status).toBe(200);
    const reminders = async (userId: number) =>
      (await ds.query('SELECT job_id, payload FROM outbox_messages WHERE job_id LIKE ? ORDER BY id', [`notice.cart-reminder.${userId}.%`])) as { job_id: string; payload: unknown }[];
    // Registered first (a lower id): consent, but a cart whose only product gets delisted — never remindable.
    const stale = await shopper(t);
    await consent(stale);
    await put(stale.b, '/api/member/cart', { cartItems: [line(v[5], 1)] });
    await ds.query('UPDATE products SET is_active = 0 WHERE id = ?', [v[5].productId]);
    const withConsent = await shopper(t);
    const noConsent = await shopper(t);
    const ordered = await shopper(t);
    await consent(withConsent);
    await consent(ordered);
    await put(withConsent.b, '/api/member/cart', { cartItems: [line(v[0], 1), line(v[1], 2), line(v[2], 1)] });
    await put(noConsent.b, '/api/member/cart', { cartItems: [line(v[0], 1)] });
    await put(ordered.b, '/api/member/cart', { cartItems: [line(v[0], 1), line(v[1], 1)] });
    await codOrder(ordered, [{ v: v[0], quantity: 1 }]); // an order since the last touch: no reminder

    // The scheduled job (every 200 ms) reminds once the cart is 1.8 s untouched.
    const [row] = await eventually(async () => {
      const r = await reminders(withConsent.userId);
      return r.length > 0 ? r : undefined;
    }, 20_000, 'the cart reminder');
    const touched = new Date((await touchedAt(withConsent.userId))!.touched_at!).getTime();
    expect(row.job_id).toBe(`notice.cart-reminder.${withConsent.userId}.${touched}`);
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { kind: string; userId: number; data: { items: string } };
    expect(payload).toMatchObject({ kind: 'cart-reminder', userId: withConsent.userId });
    expect(payload.data.items).toBe(`「${v[0].title}（${v[0].variantName}）」、「${v[1].title}（${v[1].variantName}）」 等 3 件`);
    expect((await touchedAt(withConsent.userId))?.reminded_at).toBeTruthy();
    // The notice goes out on the member's marketing channel (e-mail here), listing the items, linking to /cart.
    const mail = await eventually(async () => (await outboxFor(t.app, withConsent.email)).find((m) => m.body.includes(v[1].title)), 20_000, 'the reminder mail');
    expect(mail.body).toContain('等 3 件');
    expect(mail.body).toContain('/cart');
    expect(mail.body).toMatch(/\/unsubscribe\//); // marketing: the one-click unsubscribe link

    // A run now finds nothing more: the reminded cart, no consent, an order since the touch.
    const job = t.app.get(CartReminders);
    expect(await job.run()).toEqual({ reminded: 0 });
    expect(await reminders(noConsent.userId)).toEqual([]);
    expect(await reminders(ordered.userId)).toEqual([]);
    expect((await touchedAt(noConsent.userId))?.reminded_at).toBeNull();

    // Touched again: not within 7 days of the last reminder; after them, one more (a new touch = a new reminder).
    await put(withConsent.b, '/api/member/cart', { cartItems: [line(v[3], 1)] });
    expect(await job.run(new Date(Date.now() + 3_600_000))).toEqual({ reminded: 0 });
    // Pages of one member: the never-remindable cart (a lower id) doesn't hide the others.
    expect(await job.run(new Date(Date.now() + 8 * 86_400_000), 1)).toEqual({ reminded: 1 });
    expect(await job.run(new Date(Date.now() + 9 * 86_400_000))).toEqual({ reminded: 0 });
    const after = await reminders(withConsent.userId);
    expect(after).toHaveLength(2);
    expect(new Set(after.map((r) => r.job_id)).size).toBe(2);

    // An emptied cart is never reminded.
    await put(withConsent.b, '/api/member/cart', { cartItems: [0, 1, 2, 3].map((i) => line(v[i], 0)) });
    expect(await job.run(new Date(Date.now() + 30 * 86_400_000))).toEqual({ reminded: 0 });
    expect(await reminders(stale.userId)).toEqual([]);
    await ds.query('UPDATE products SET is_active = 1 WHERE id = ?', [v[5].productId]);
  });
});
