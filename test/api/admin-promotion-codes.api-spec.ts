import { DataSource } from 'typeorm';
import type { AdminCouponCode } from '../../src/common/api/promotions';
import { taipeiToday } from '../../src/common/time/taipei-time';
import { PROMOTION_MSG } from '../../src/common/validation/promotion-rules';
import { CODE_ALPHABET } from '../../src/modules/promotions/promotion-codes.service';
import { adminSession, type AdminSession } from '../helpers/admin';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { createTestApp, TestApp } from '../helpers/test-app';
import { promotionBody } from './admin-promotion-fixtures';
import { homeCod, setShipping, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { quote } from './promotion-fixtures';
import { OrderMaker } from './refund-fixtures';

jest.setTimeout(300_000);

const FEE = 100;
const BANK = { bank_code: '013', account: '123456789012', name: '王小明' };

/**
 * A promotion's unique codes (batch of 10,000, list, CSV with BOM), its report from orders placed
 * through the real quote and checkout (paid, refunded in part, unpaid, cancelled), and delete
 * refused once an order used it (spec 4 §7, issue 20 rules 15 and 17). Variant a costs NT$ 500;
 * home delivery NT$ 100 on every order.
 */
describe('admin 行銷活動: codes, report, delete with orders (spec 4 §7)', () => {
  let t: TestApp;
  let ds: DataSource;
  let owner: AdminSession;
  let staff: AdminSession;
  let editor: AdminSession;
  let a: TestVariant;
  let buyer: Shopper;
  let make: OrderMaker;

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    ds = t.app.get(DataSource);
    [owner, staff, editor] = await Promise.all([adminSession(t, 'owner'), adminSession(t, 'staff'), adminSession(t, 'editor')]);
    [a] = await variants(t.app, 1, 500, 100);
    await ds.query('UPDATE product_variants SET discount_price = 500 WHERE id = ?', [a.variantId]);
    a.price = 500;
    await setShipping(t.app, 4, { shipping_cost: FEE, free_shipping_threshold: 10_000_000, is_active: 1 });
    buyer = await shopper(t);
    make = new OrderMaker(t, await OrderMaker.baseOf(t), buyer, a);
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
  });

  async function created(over: Record<string, unknown>): Promise<number> {
    const r = await staff.post('/api/admin/promotions', promotionBody({ scope: 'products', product_ids: [a.productId], tiers: [{ threshold: 500, value: 30 }], ...over }));
    expect([r.status, r.body.message]).toEqual([200, PROMOTION_MSG.saved]);
    return r.body.id as number;
  }

  /** Quotes `quantity` × a (with the code), then submits exactly the quoted total, as the checkout page does. */
  async function order(quantity: number, payment: 'atm' | 'cod', couponCode?: string): Promise<{ id: number; merTradeNo: string; total: number; form: never }> {
    const q = await quote(buyer, [{ v: a, quantity }], couponCode ? { couponCode } : {});
    expect(q.status).toBe(200);
    if (couponCode) expect(q.body.coupon).toMatchObject({ applied: true });
    const total = q.body.totalAmount as number;
    const body = homeCod(buyer, [{ v: a, quantity }], total, { payment, ...(payment === 'atm' ? { bankCode: '013' } : {}), ...(couponCode ? { couponCode } : {}) });
    const r = await submit(buyer, body);
    expect([r.status, r.body.success]).toEqual([200, true]);
    return { id: r.body.resData.order_id, merTradeNo: r.body.resData.MerTradeNo, total, form: r.body.result as never };
  }

  /** The raw bytes of a download. */
  const download = (who: AdminSession, path: string) =>
    who.agent
      .get(path)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  it('generates 10,000 unique codes in one batch (prefix upper-cased, unambiguous letters), pages them and exports the CSV with BOM', async () => {
    const auto = await created({ name: '自動活動' });
    const refused = await staff.post(`/api/admin/promotions/${auto}/codes`, { count: 10 });
    expect([refused.status, refused.body.message]).toEqual([400, PROMOTION_MSG.codesNotUnique]);

    const id = await created({ name: 'VIP 專屬碼', coupon_mode: 'unique' });
    for (const [body, message] of [
      [{ count: 0 }, PROMOTION_MSG.codesCount],
      [{ count: 10_001 }, PROMOTION_MSG.codesCount],
      [{ count: 'many' }, PROMOTION_MSG.codesCount],
      [{ count: 5, prefix: 'VIP_' }, PROMOTION_MSG.codesPrefix],
      [{ count: 5, prefix: '-VIP' }, PROMOTION_MSG.codesPrefix],
      [{ count: 5, prefix: 'A'.repeat(11) }, PROMOTION_MSG.codesPrefix],
    ] as const) {
      const r = await staff.post(`/api/admin/promotions/${id}/codes`, body);
      expect([JSON.stringify(body), r.status, r.body.message]).toEqual([JSON.stringify(body), 400, message]);
    }
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM coupon_codes WHERE promotion_id = ?', [id]))[0].n)).toBe(0);

    const made = await staff.post(`/api/admin/promotions/${id}/codes`, { count: 10_000, prefix: ' vip-' });
    expect(made.body).toEqual({ success: true, message: PROMOTION_MSG.codesCreated(10_000), created: 10_000 });
    const [stats] = await ds.query('SELECT COUNT(*) AS n, COUNT(DISTINCT code) AS d FROM coupon_codes WHERE promotion_id = ?', [id]);
    expect([Number(stats.n), Number(stats.d)]).toEqual([10_000, 10_000]);
    const pattern = new RegExp(`^VIP-[${CODE_ALPHABET}]{10}$`);
    const codes: { code: string }[] = await ds.query('SELECT code FROM coupon_codes WHERE promotion_id = ?', [id]);
    expect(codes.filter((c) => !pattern.test(c.code))).toEqual([]);
    // A second batch never repeats the first.
    expect((await staff.post(`/api/admin/promotions/${id}/codes`, { count: 5 })).body.created).toBe(5);
    const [again] = await ds.query('SELECT COUNT(*) AS n, COUNT(DISTINCT code) AS d FROM coupon_codes');
    expect(Number(again.n)).toBe(Number(again.d));

    const page = await staff.get(`/api/admin/promotions/${id}/codes`);
    expect(page.status).toBe(200);
    expect([page.body.codes.length, page.body.total]).toEqual([20, 10_005]);
    expect(page.body.codes[0]).toEqual({ id: expect.any(Number), code: expect.stringMatching(pattern), used: false, order_id: null, mer_trade_no: null, used_at: null });
    const last = await staff.get(`/api/admin/promotions/${id}/codes?limit=100&offset=10000`);
    expect(last.body.codes.map((c: AdminCouponCode) => c.code)).toHaveLength(5);

    const csv = await download(staff, `/api/admin/promotions/${id}/codes.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="promotion-${id}-codes-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const bytes = csv.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('code,used,order,used_at');
    expect(lines.length).toBe(10_005 + 2); // header, codes, and the empty text after the last CRLF
    expect(lines[1]).toMatch(new RegExp(`^VIP-[${CODE_ALPHABET}]{10},0,,$`));
    expect(new Set(lines.slice(1, -1).map((l) => l.split(',')[0])).size).toBe(10_005);
  });

  it('a code used by a real order shows its order number in the list and the CSV; a shared code may not take its text', async () => {
    const id = await created({ name: '一組一碼', coupon_mode: 'unique', tiers: [{ threshold: 500, value: 50 }] });
    await staff.post(`/api/admin/promotions/${id}/codes`, { count: 3, prefix: 'ONE' });
    const [first] = (await staff.get(`/api/admin/promotions/${id}/codes`)).body.codes as AdminCouponCode[];
    const o = await order(1, 'atm', first.code.toLowerCase());
    expect(o.total).toBe(500 - 50 + FEE);
    await expectOrderAddsUp(t.app, o.id);

    const [used] = (await staff.get(`/api/admin/promotions/${id}/codes`)).body.codes as AdminCouponCode[];
    expect(used).toMatchObject({ code: first.code, used: true, order_id: o.id, mer_trade_no: o.merTradeNo });
    expect(used.used_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    const csv = (await download(owner, `/api/admin/promotions/${id}/codes.csv`)).body.toString('utf8');
    expect(csv).toContain(`\r\n${first.code},1,${o.merTradeNo},${used.used_at!.slice(0, 19).replace('T', ' ')}\r\n`);
    expect((await staff.get(`/api/admin/promotions/${id}`)).body.promotion).toMatchObject({ codes_total: 3, codes_used: 1, orders: 1 });

    const shared = await staff.post('/api/admin/promotions', promotionBody({ name: '撞碼', coupon_mode: 'shared', shared_code: first.code.toLowerCase() }));
    expect([shared.status, shared.body.errors]).toEqual([400, [{ field: 'shared_code', message: '折扣碼已存在' }]]);

    // Editors never see codes.
    for (const r of [
      await editor.get(`/api/admin/promotions/${id}/codes`),
      await download(editor, `/api/admin/promotions/${id}/codes.csv`),
      await editor.post(`/api/admin/promotions/${id}/codes`, { count: 1 }),
    ]) {
      expect(r.status).toBe(403);
    }
  });

  it('reports orders, discounts, paid revenue less refunded goods, codes used and days, from real orders (rule 17)', async () => {
    const code = await created({ name: '報表 折扣碼', coupon_mode: 'shared', shared_code: 'REPORT-30' });
    const auto = await created({ name: '報表 自動', stackable: 1, tiers: [{ threshold: 500, value: 10 }] });

    // Paid, then one unit and the shipping fee refunded; unpaid; cancelled (its uses given back).
    const paid = await order(2, 'atm', 'report-30');
    expect(paid.total).toBe(1000 - 30 - 10 + FEE);
    await make.pay('atm', paid);
    const unpaid = await order(1, 'cod', 'REPORT-30');
    const cancelled = await order(1, 'atm', 'REPORT-30');
    expect((await buyer.b.post('/api/order/cancelOrder', { order_id: cancelled.id })).status).toBe(200);
    const [line] = await ds.query('SELECT id FROM order_items WHERE order_id = ?', [paid.id]);
    const refund = await owner.post('/api/admin/refundOrder', { order_id: paid.id, items: [{ order_item_id: Number(line.id), quantity: 1 }], shipping: true, reason: '退一件', restock: false, bank: BANK });
    expect(refund.status).toBe(200);
    expect(refund.body.refund.shipping_amount).toBe(FEE);
    for (const o of [paid, unpaid, cancelled]) await expectOrderAddsUp(t.app, o.id);

    const goods = Number((await ds.query('SELECT SUM(amount) AS s FROM order_items WHERE order_id = ?', [paid.id]))[0].s);
    const refundedGoods = refund.body.refund.amount - FEE;
    expect(refundedGoods).toBeGreaterThan(0);
    const revenue = goods - refundedGoods;
    const today = taipeiToday();

    const r = await editor.get(`/api/admin/promotions/${code}/report`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, orders: 2, discountTotal: 60, revenue, codesUsed: 2, byDay: [{ date: today, orders: 2, discountTotal: 60, revenue }] });
    const a2 = await staff.get(`/api/admin/promotions/${auto}/report`);
    expect(a2.body).toMatchObject({ orders: 2, discountTotal: 20, revenue, codesUsed: 0 });
    expect((await staff.get(`/api/admin/promotions/${code}`)).body.promotion).toMatchObject({ orders: 2, used_count: 2 });
    expect((await staff.get('/api/admin/promotions/99999999/report')).status).toBe(404);
  });

  it('refuses to delete a promotion any order used, even a cancelled one (活動已有訂單使用，無法刪除（可停用）); one with only codes goes with its codes', async () => {
    const once = await created({ name: '只被取消的訂單用過', coupon_mode: 'shared', shared_code: 'CANCEL-ONLY' });
    const o = await order(1, 'atm', 'CANCEL-ONLY');
    expect((await buyer.b.post('/api/order/cancelOrder', { order_id: o.id })).status).toBe(200);
    const [use] = await ds.query('SELECT released_at FROM promotion_uses WHERE order_id = ? AND promotion_id = ?', [o.id, once]);
    expect(use.released_at).not.toBeNull();
    const refused = await owner.del(`/api/admin/promotions/${once}`);
    expect([refused.status, refused.body]).toEqual([409, { success: false, message: '活動已有訂單使用，無法刪除（可停用）' }]);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM promotions WHERE id = ?', [once]))[0].n)).toBe(1);
    // It can still be switched off.
    expect((await staff.put(`/api/admin/promotions/${once}/isActive`, { is_active: 0 })).status).toBe(200);

    const unused = await created({ name: '只有折扣碼', coupon_mode: 'unique' });
    await staff.post(`/api/admin/promotions/${unused}/codes`, { count: 50 });
    const del = await staff.del(`/api/admin/promotions/${unused}`);
    expect([del.status, del.body.message]).toEqual([200, PROMOTION_MSG.deleted]);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM coupon_codes WHERE promotion_id = ?', [unused]))[0].n)).toBe(0);
    const [audit] = await ds.query("SELECT summary FROM audit_logs WHERE entity = 'promotion' AND entity_id = ? AND action = 'promotion.delete'", [String(unused)]);
    expect(audit.summary).toBe('刪除行銷活動「只有折扣碼」（含 50 組折扣碼）');
  });

  it('a per-member limit set later counts the uses members already made (their orders that still hold it); a cancelled one does not count', async () => {
    const id = await created({ name: '之後才限每人一次', coupon_mode: 'shared', shared_code: 'LIMIT-LATER', stackable: 1 });
    const kept = await order(1, 'cod', 'LIMIT-LATER');
    const cancelled = await order(1, 'atm', 'LIMIT-LATER');
    expect((await buyer.b.post('/api/order/cancelOrder', { order_id: cancelled.id })).status).toBe(200);
    // No limit yet: no member rows are kept for it.
    expect(await ds.query('SELECT used FROM promotion_member_uses WHERE promotion_id = ?', [id])).toEqual([]);
    const detail = (await staff.get(`/api/admin/promotions/${id}`)).body.promotion as Record<string, unknown>;
    const { id: _id, used_count: _u, status: _s, orders: _o, codes_total: _ct, codes_used: _cu, created_at: _c, updated_at: _up, ...input } = detail;
    expect((await staff.put(`/api/admin/promotions/${id}`, { ...input, per_member_limit: 1 })).status).toBe(200);
    const rows = await ds.query('SELECT user_id, used FROM promotion_member_uses WHERE promotion_id = ?', [id]);
    expect(rows.map((r: { user_id: number; used: number }) => [Number(r.user_id), Number(r.used)])).toEqual([[buyer.userId, 1]]);
    const q = await quote(buyer, [{ v: a, quantity: 1 }], { couponCode: 'LIMIT-LATER' });
    expect(q.body.coupon).toMatchObject({ applied: false, message: '您已使用過此折扣碼' });
    expect(kept.id).toBeGreaterThan(0);
  });
});
