import request from 'supertest';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { AdminDashboard, DashboardDay } from '../../src/common/api/admin-dashboard';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { Product } from '../../src/modules/catalog/entities/product.entity';
import { ProductVariant } from '../../src/modules/catalog/entities/product-variant.entity';
import { OrderItem } from '../../src/modules/orders/entities/order-item.entity';
import { Order } from '../../src/modules/orders/entities/order.entity';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { adminBrowser, adminSession, AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(180_000);

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const TAIPEI = 8 * HOUR;

/** 00:00 Taipei of the Taipei day `daysAgo` days before today's, as a UTC instant. */
function taipeiMidnight(daysAgo: number, now = Date.now()): number {
  return Math.floor((now + TAIPEI) / DAY) * DAY - TAIPEI - daysAgo * DAY;
}
/** The Taipei calendar day of an instant. */
const taipeiDate = (ms: number) => new Date(ms + TAIPEI).toISOString().slice(0, 10);

let seq = 0;

describe('GET /api/admin/dashboard (issue 12, beyond the spec): SQL aggregates over Taipei days', () => {
  let t: TestApp;
  let ds: DataSource;
  let owner: AdminSession;
  let staff: AdminSession;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
    ds = t.app.get(DataSource);
    [owner, staff] = [await adminSession(t, 'owner'), await adminSession(t, 'staff')];
  });
  afterAll(() => t?.close());

  async function dashboard(who: AdminSession = staff): Promise<AdminDashboard> {
    const res = await who.get('/api/admin/dashboard');
    expect([res.status, res.body.success]).toEqual([200, true]);
    return res.body.dashboard as AdminDashboard;
  }

  /** An order row as checkout writes it (cash on delivery, pending, unpaid unless `o` says otherwise). */
  async function seedOrder(o: Partial<Order> = {}, items: Array<{ product_id: number; quantity: number; price: number; title?: string }> = []): Promise<Order> {
    const n = ++seq;
    const total = o.total_amount ?? (items.reduce((s, i) => s + i.price * i.quantity, 0) || 1000);
    const row: Partial<Order> = {
      mer_trade_no: `SD${Date.now().toString(36).toUpperCase()}${n}`.slice(0, 20),
      user_id: null,
      buy_name: '儀表板',
      buy_phone: '0912000000',
      buy_email: `dash${n}@example.com`,
      name: '陳美麗',
      phone: '0911222333',
      shipping: 4,
      payment: 'cod',
      payment_status: 0,
      status_name: 'pending',
      subtotal: total,
      shipping_fee: 0,
      total_amount: total,
      ...o,
    };
    const res = await ds.getRepository(Order).insert(row as QueryDeepPartialEntity<Order>);
    const id = Number((res.identifiers[0] as { id: number }).id);
    if (o.created_at) await ds.getRepository(Order).update({ id }, { created_at: o.created_at });
    for (const i of items) {
      await ds.getRepository(OrderItem).insert({ order_id: id, product_id: i.product_id, variant_id: null, title: i.title ?? `商品${i.product_id}`, price: i.price, quantity: i.quantity, amount: i.price * i.quantity });
    }
    return ds.getRepository(Order).findOneByOrFail({ id });
  }

  /** A pending order paid through the orders module's own state change, at `paidAt`. */
  async function paidOrder(total: number, paidAt: Date): Promise<Order> {
    const o = await seedOrder({ payment: 'credit', total_amount: total, subtotal: total });
    const result = await t.app.get(OrderStateService).markPaid(o.id, { gateway: 'payuni', tradeNo: `T${o.id}`, amount: total, source: 'notify', paidAt });
    expect(result).toBe('paid');
    return o;
  }

  const day = (d: AdminDashboard, date: string): DashboardDay => {
    const found = d.daily.find((x) => x.date === date);
    if (!found) throw new Error(`${date} not in the chart`);
    return found;
  };

  it('refuses a visitor (401, with or without the admin CSRF cookie) and an editor (403); owners and staff read it', async () => {
    expect((await request(t.http).get('/api/admin/dashboard')).body).toEqual({ success: false, message: ADMIN_MSG.loginRequired });
    const visitor = await adminBrowser(t);
    const v = await visitor.agent.get('/api/admin/dashboard');
    expect([v.status, v.body]).toEqual([401, { success: false, message: ADMIN_MSG.loginRequired }]);
    const editor = await adminSession(t, 'editor');
    const e = await editor.get('/api/admin/dashboard');
    expect([e.status, e.body]).toEqual([403, { success: false, message: ADMIN_MSG.forbidden }]);
    for (const who of [owner, staff]) expect((await who.get('/api/admin/dashboard')).status).toBe(200);
  });

  it('answers 30 Taipei days ending today, this Taipei month and the shape the client reads', async () => {
    const d = await dashboard(owner);
    const today = taipeiDate(Date.now());
    expect(d.today).toBe(today);
    expect(d.month).toBe(today.slice(0, 7));
    expect(d.daily).toHaveLength(30);
    expect(d.daily[29].date).toBe(today);
    expect(d.daily[0].date).toBe(taipeiDate(taipeiMidnight(29)));
    // Consecutive days, oldest first.
    for (let i = 1; i < 30; i++) expect(Date.parse(d.daily[i].date) - Date.parse(d.daily[i - 1].date)).toBe(DAY);
    expect(d.revenue.today).toEqual({ amount: d.daily[29].amount, orders: d.daily[29].orders });
    expect(d.lowStock.threshold).toBe(5);
    expect(Number.isNaN(Date.parse(d.generatedAt))).toBe(false);
  });

  it('counts only paid orders (total − refunded); unpaid, failed and fully refunded ones count nothing', async () => {
    const before = await dashboard();
    const now = new Date();
    await paidOrder(1200, now);
    const partly = await paidOrder(1000, now);
    await ds.getRepository(Order).update({ id: partly.id }, { refunded_amount: 300 });
    await seedOrder({ total_amount: 5000 }); // unpaid (created now)
    await seedOrder({ total_amount: 7000, payment: 'credit', payment_status: 2, status_name: 'cancelled', paid_at: null }); // failed
    await seedOrder({ total_amount: 9000, payment: 'credit', payment_status: 3, status_name: 'returned', paid_at: now, refunded_amount: 9000 }); // refunded
    const after = await dashboard();
    expect(after.revenue.today.amount - before.revenue.today.amount).toBe(1200 + 700);
    expect(after.revenue.today.orders - before.revenue.today.orders).toBe(2);
    expect(after.revenue.month.amount - before.revenue.month.amount).toBe(1900);
    expect(after.revenue.month.orders - before.revenue.month.orders).toBe(2);
    expect(after.daily[29].amount - before.daily[29].amount).toBe(1900);
  });

  it('puts an order paid at 23:30 Taipei on that day and one paid at 00:30 on the next (chart, today, month)', async () => {
    // Ten days ago, well inside the chart: 23:30 and, one hour later, 00:30 of the next Taipei day.
    const d10 = taipeiMidnight(10);
    const late = new Date(d10 + 23.5 * HOUR);
    const early = new Date(d10 + 24.5 * HOUR);
    const [day10, day9] = [taipeiDate(d10), taipeiDate(d10 + DAY)];
    expect([taipeiDate(late.getTime()), taipeiDate(early.getTime())]).toEqual([day10, day9]);
    // Yesterday 23:30 and today 00:30 (Taipei).
    const yesterdayLate = new Date(taipeiMidnight(0) - 0.5 * HOUR);
    const todayEarly = new Date(taipeiMidnight(0) + 0.5 * HOUR);

    const before = await dashboard();
    await paidOrder(310, late);
    await paidOrder(420, early);
    await paidOrder(530, yesterdayLate);
    await paidOrder(640, todayEarly);
    const after = await dashboard();

    const delta = (date: string) => ({ amount: day(after, date).amount - day(before, date).amount, orders: day(after, date).orders - day(before, date).orders });
    expect(delta(day10)).toEqual({ amount: 310, orders: 1 });
    expect(delta(day9)).toEqual({ amount: 420, orders: 1 });
    expect(delta(taipeiDate(yesterdayLate.getTime()))).toEqual({ amount: 530, orders: 1 });
    expect(delta(after.today)).toEqual({ amount: 640, orders: 1 });
    expect(after.revenue.today.amount - before.revenue.today.amount).toBe(640);

    // The month: whichever of the four fall in this Taipei month (the month may have begun today).
    const month = after.month;
    const inMonth = [
      [late, 310],
      [early, 420],
      [yesterdayLate, 530],
      [todayEarly, 640],
    ].filter(([at]) => taipeiDate((at as Date).getTime()).startsWith(month));
    expect(after.revenue.month.amount - before.revenue.month.amount).toBe(inMonth.reduce((s, [, a]) => s + (a as number), 0));
    expect(after.revenue.month.orders - before.revenue.month.orders).toBe(inMonth.length);
    // The chart's days sum to what each day holds (no order counted twice across the boundary).
    expect(after.daily.reduce((s, x) => s + x.amount, 0) - before.daily.reduce((s, x) => s + x.amount, 0)).toBe(310 + 420 + 530 + 640);
  });

  it('counts orders per status: every status code in display order with its label and colour', async () => {
    const before = await dashboard();
    await seedOrder({ status_name: 'processing' });
    await seedOrder({ status_name: 'processing' });
    await seedOrder({ status_name: 'shipped' });
    await seedOrder({ status_name: 'cancelled' });
    const after = await dashboard();
    const count = (d: AdminDashboard, s: string) => d.statuses.find((x) => x.status_name === s)?.count ?? NaN;
    expect(count(after, 'processing') - count(before, 'processing')).toBe(2);
    expect(count(after, 'shipped') - count(before, 'shipped')).toBe(1);
    expect(count(after, 'cancelled') - count(before, 'cancelled')).toBe(1);
    expect(count(after, 'delivered') - count(before, 'delivered')).toBe(0);
    expect(after.statuses.map((s) => s.status_name)).toEqual(expect.arrayContaining(['pending', 'paid', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'returned']));
    expect(after.statuses[0]).toEqual({ status_name: 'pending', status_label: '處理中', color: '#fa8c16', count: count(after, 'pending') });
  });

  it("ranks this month's top products by units sold, leaving out cancelled, returned, refunded and last month's orders", async () => {
    const [a, b] = [900001, 900002];
    const monthStart = (() => {
      const now = new Date(Date.now() + TAIPEI);
      return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - TAIPEI;
    })();
    // This month (created now): A 500 units over two orders, B 300 units.
    await seedOrder({}, [{ product_id: a, quantity: 200, price: 10, title: '熱銷甲' }]);
    await seedOrder({ status_name: 'paid', payment_status: 1, payment: 'credit', paid_at: new Date() }, [
      { product_id: a, quantity: 300, price: 10, title: '熱銷甲' },
      { product_id: b, quantity: 300, price: 20, title: '熱銷乙' },
    ]);
    // Not sold, or not this month: none of these may lift B above A.
    await seedOrder({ status_name: 'cancelled' }, [{ product_id: b, quantity: 1000, price: 20 }]);
    await seedOrder({ status_name: 'returned' }, [{ product_id: b, quantity: 1000, price: 20 }]);
    await seedOrder({ status_name: 'paid', payment_status: 3, payment: 'credit' }, [{ product_id: b, quantity: 1000, price: 20 }]);
    await seedOrder({ created_at: new Date(monthStart - 60_000) }, [{ product_id: b, quantity: 1000, price: 20 }]);
    // The first minute of this month counts.
    await seedOrder({ created_at: new Date(monthStart) }, [{ product_id: b, quantity: 1, price: 20, title: '熱銷乙' }]);

    const d = await dashboard();
    expect(d.topProducts.slice(0, 2)).toEqual([
      { product_id: a, title: '熱銷甲', quantity: 500, amount: 5000 },
      { product_id: b, title: '熱銷乙', quantity: 301, amount: 6020 },
    ]);
    expect(d.topProducts.length).toBeLessThanOrEqual(10);
  });

  it('lists low-stock variants (≤ 5) of listed products, lowest first; removed variants and delisted products left out', async () => {
    const before = await dashboard();
    const products = ds.getRepository(Product);
    const variants = ds.getRepository(ProductVariant);
    const listed = await products.save({ title: '低庫存測試', is_active: 1 });
    const delisted = await products.save({ title: '已下架測試', is_active: 0 });
    const v = async (product_id: number, variant_name: string, quantity: number, is_active = 1) =>
      (await variants.save({ product_id, variant_name, quantity, is_active, original_price: 100, discount_price: 90 })).id;
    const zero = await v(listed.id, '30ml', 0);
    const five = await v(listed.id, '50ml', 5);
    await v(listed.id, '100ml', 6);
    await v(listed.id, '舊款', 1, 0);
    await v(delisted.id, '30ml', 2);

    const after = await dashboard();
    expect(after.lowStock.total - before.lowStock.total).toBe(2);
    const mine = after.lowStock.variants.filter((x) => x.product_id === listed.id || x.product_id === delisted.id);
    expect(mine).toEqual([
      { product_id: listed.id, title: '低庫存測試', variant_id: zero, variant_name: '30ml', quantity: 0 },
      { product_id: listed.id, title: '低庫存測試', variant_id: five, variant_name: '50ml', quantity: 5 },
    ]);
    const q = after.lowStock.variants.map((x) => x.quantity);
    expect(q).toEqual([...q].sort((x, y) => x - y));
    expect(q.every((x) => x <= 5)).toBe(true);
  });
});
