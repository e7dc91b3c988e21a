import request from 'supertest';
import { DataSource } from 'typeorm';
import type { PurchaseEvent } from '../../src/common/api/analytics';
import { DomainEvents } from '../../src/common/events/domain-events';
import { homeCod, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { codOrder } from './points-fixtures';
import { noPromotions, promotion, quote } from './promotion-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';

// App start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(120_000);

/**
 * Analytics (issue 22 §7): the purchase event once per order (POST /api/member/orders/<MerTradeNo>/
 * purchase-event: the member's own order, paid or cash on delivery; event null ever after, even for
 * calls at once), and the CSP that allows GA4 / Meta Pixel hosts only while their ids are set.
 */
describe('analytics: purchase event once per order, CSP with the analytics settings', () => {
  let t: TestApp;
  let ds: DataSource;
  let v: TestVariant[];
  let buyer: Shopper;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' });
    ds = t.app.get(DataSource);
    v = await variants(t.app, 2, 50, 300);
    await noPromotions(t.app);
    buyer = await shopper(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const tradeNo = async (orderId: number) => ((await ds.query('SELECT mer_trade_no FROM orders WHERE id = ?', [orderId])) as { mer_trade_no: string }[])[0].mer_trade_no;
  const claim = (s: Shopper, no: string) => s.b.post(`/api/member/orders/${encodeURIComponent(no)}/purchase-event`, {});

  it('a placed cash-on-delivery order: the event from the stored lines the first time, null after; another member gets 找不到訂單', async () => {
    await promotion(t.app, { kind: 'amount_off', name: '折扣碼折五十', coupon_mode: 'shared', shared_code: 'GA4TEST', tiers: [{ threshold: 300, value: 50 }] });
    const order = await codOrder(buyer, [{ v: v[0], quantity: 2 }, { v: v[1], quantity: 1 }], { couponCode: 'ga4test' });
    const no = await tradeNo(order.id);
    // A visitor is refused before anything is read (CSRF first, then the member check).
    expect([401, 403]).toContain((await request(t.http).post(`/api/member/orders/${no}/purchase-event`).send({})).status);

    const other = await shopper(t, { complete: false });
    const foreign = await claim(other, no);
    expect([foreign.status, foreign.body.message]).toEqual([404, '找不到訂單']);

    const first = await claim(buyer, no);
    expect([first.status, first.body.success]).toEqual([200, true]);
    const e = first.body.event as PurchaseEvent;
    const [stored] = (await ds.query('SELECT total_amount, shipping_fee FROM orders WHERE id = ?', [order.id])) as { total_amount: number; shipping_fee: number }[];
    const lines = (await ds.query('SELECT product_id, title, variant_name, price, quantity, discount FROM order_items WHERE order_id = ? ORDER BY id', [order.id])) as Record<string, unknown>[];
    expect(e).toEqual({
      transaction_id: no,
      value: Number(stored.total_amount),
      currency: 'TWD',
      shipping: Number(stored.shipping_fee),
      coupon: 'GA4TEST',
      items: lines.map((l) => ({
        item_id: String(l.product_id),
        item_name: l.title,
        item_variant: l.variant_name,
        price: Number(l.price),
        quantity: Number(l.quantity),
        discount: Math.round((Number(l.discount) * 100) / Number(l.quantity)) / 100,
      })),
    });
    expect(e.value).toBe(order.total);
    expect(e.items.reduce((s, i) => s + (i.price - i.discount) * i.quantity, 0) + e.shipping).toBeCloseTo(e.value, 0);
    expect(e.items.some((i) => i.discount > 0)).toBe(true);

    const again = await claim(buyer, no);
    expect([again.status, again.body.success, again.body.event]).toEqual([200, true, null]);
    await noPromotions(t.app);
  });

  it('an unpaid online order: null and not used up; once paid, exactly one of several calls at once gets the event', async () => {
    const q = await quote(buyer, [{ v: v[0], quantity: 1 }]);
    const placed = await submit(buyer, homeCod(buyer, [{ v: v[0], quantity: 1 }], q.body.totalAmount as number, { payment: 'atm', bankCode: '004' }));
    expect(placed.status).toBe(200);
    const orderId = Number(placed.body.resData.order_id);
    const no = await tradeNo(orderId);
    expect((await claim(buyer, no)).body.event).toBeNull();
    expect(((await ds.query('SELECT purchase_tracked_at FROM orders WHERE id = ?', [orderId])) as { purchase_tracked_at: unknown }[])[0].purchase_tracked_at).toBeNull();

    await ds.query("UPDATE orders SET payment_status = 1, status_name = 'paid' WHERE id = ?", [orderId]);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => claim(buyer, no)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const events = answers.map((a) => a.body.event as PurchaseEvent | null).filter((x) => x !== null);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ transaction_id: no, currency: 'TWD', items: [{ item_id: String(v[0].productId), quantity: 1 }] });
    expect(events[0].coupon).toBeUndefined();
  });

  it('the CSP allows the GA4 and Meta Pixel hosts only while their ids are set, and follows a settings change without a restart', async () => {
    const setSetting = async (key: string, value: string) => {
      const n = Number(((await ds.query('SELECT COUNT(*) AS n FROM settings WHERE s_key = ?', [key])) as { n: number }[])[0].n);
      if (n === 0) await ds.query('INSERT INTO settings (s_key, title, s_value, is_public) VALUES (?, ?, ?, 1)', [key, key, value]);
      else await ds.query('UPDATE settings SET s_value = ?, is_public = 1 WHERE s_key = ?', [value, key]);
      await t.app.get(DomainEvents).publish('settings.changed', {});
    };
    const csp = async () => {
      const res = await request(t.http).get('/products');
      const header = String(res.headers['content-security-policy'] ?? '');
      const directive = (name: string) => header.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
      return { header, script: directive('script-src'), connect: directive('connect-src') };
    };

    await setSetting('GA4_ID', '');
    await setSetting('META_PIXEL_ID', '');
    let p = await csp();
    expect(p.script).toBe("script-src 'self'");
    expect(p.connect).toBe("connect-src 'self'");
    expect(p.header).not.toMatch(/googletagmanager|google-analytics|facebook\.net/);

    await setSetting('GA4_ID', 'G-TEST12345');
    p = await csp();
    expect(p.script).toBe("script-src 'self' https://www.googletagmanager.com");
    expect(p.connect).toBe("connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com");
    expect(p.header).not.toMatch(/connect\.facebook\.net/);

    await setSetting('META_PIXEL_ID', '123456789012345');
    p = await csp();
    expect(p.script).toBe("script-src 'self' https://www.googletagmanager.com https://connect.facebook.net");
    expect(p.connect).toContain('https://connect.facebook.net https://www.facebook.com');

    await setSetting('GA4_ID', ' ');
    p = await csp();
    expect(p.script).toBe("script-src 'self' https://connect.facebook.net");
    expect(p.header).not.toMatch(/googletagmanager|google-analytics/);

    await setSetting('META_PIXEL_ID', '');
    p = await csp();
    expect(p.script).toBe("script-src 'self'");
    // The other directives are the shop's own, unchanged.
    expect(p.header).toContain("object-src 'none'");
    expect(p.header).toContain("frame-ancestors 'self'");
  });
});
