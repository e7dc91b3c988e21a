import { DataSource } from 'typeorm';
import type { AmegoSimulator } from '../../src/integrations/amego/simulators/amego-simulator';
import { DevOutbox } from '../../src/integrations/outbox/dev-outbox';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { totalChangedMsg } from '../../src/common/validation/checkout-rules';
import { adminSession, type AdminSession } from '../helpers/admin';
import { expectOrderAddsUp, expectRefundsAddUp } from '../helpers/order-invariants';
import { createTestApp, TestApp } from '../helpers/test-app';
import { homeCod, jobsIdle, rowCount, setShipping, shopper, stockOf, submit, variants, type Body, type Shopper, type TestVariant } from './checkout-fixtures';
import { codeRow, memberUses, noPromotions, promotion, promotionRow, quote, uniqueCodes, usesOfOrder, type Line } from './promotion-fixtures';

jest.setTimeout(180_000);

/**
 * submitOrder with promotions (spec 4 §4 "Coupon use", §7; issue 20 rules): the order pays exactly
 * the quoted total (else 409 with the new total), keeps its lines (gifts, add-ons) and adjustments
 * as quoted and shows them (slip, /orders, admin, mail, e-invoice); a refused code is 400; cancel
 * gives back the code, the member's use and the gift; refunds by line give back each line's amount
 * after its discount. Every order made is checked with expectOrderAddsUp.
 * Prices: a 500, b 300, c 1000, g (gift) 250, x (add-on) 400; home delivery NT$ 100, free from 3,000.
 */
describe('submitOrder with promotions (spec 4 §4, §7)', () => {
  let t: TestApp;
  let ds: DataSource;
  let a: TestVariant, b: TestVariant, c: TestVariant, g: TestVariant, x: TestVariant;
  let owner: AdminSession;
  const FEE = 100;
  const line = (v: TestVariant, quantity = 1): Line => ({ v, quantity });

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' }, { listen: true });
    ds = t.app.get(DataSource);
    [a, b, c, g, x] = await variants(t.app, 5, 100, 100);
    const prices: [TestVariant, number][] = [
      [a, 500],
      [b, 300],
      [c, 1000],
      [g, 250],
      [x, 400],
    ];
    for (const [v, price] of prices) {
      await ds.query('UPDATE product_variants SET discount_price = ? WHERE id = ?', [price, v.variantId]);
      v.price = price;
    }
    await setShipping(t.app, 4, { shipping_cost: FEE, free_shipping_threshold: 3000, is_active: 1 });
    owner = await adminSession(t, 'owner');
  });
  afterAll(async () => {
    await t?.app.get<EmbeddedSimulators>(SIMULATORS).idle();
    await t?.close();
  });
  beforeEach(async () => noPromotions(t.app));

  /** Quotes, then submits at the quoted total with the same promotion fields (as the checkout page does). */
  async function order(s: Shopper, lines: Line[], promo: Body = {}, extra: Body = {}) {
    const q = await quote(s, lines, promo);
    expect(q.status).toBe(200);
    const r = await submit(s, homeCod(s, lines, q.body.totalAmount as number, { ...promo, ...extra }));
    return { q: q.body, r, id: r.body?.resData?.order_id as number, merTradeNo: r.body?.resData?.MerTradeNo as string };
  }
  const itemsOf = async (orderId: number) =>
    ((await ds.query('SELECT id, variant_id, price, quantity, discount, amount, line_kind, promotion_id FROM order_items WHERE order_id = ? ORDER BY id', [orderId])) as Record<string, unknown>[]).map(
      (r) => ({
        id: Number(r.id),
        variant_id: Number(r.variant_id),
        price: Number(r.price),
        quantity: Number(r.quantity),
        discount: Number(r.discount),
        amount: Number(r.amount),
        line_kind: String(r.line_kind),
        promotion_id: r.promotion_id === null ? null : Number(r.promotion_id),
      }),
    );

  it('pays exactly the quoted total (an automatic discount, a stacked code, a gift and an add-on); stores and shows every line and adjustment', async () => {
    const p1 = await promotion(t.app, { kind: 'amount_off', name: '滿千折百', tiers: [{ threshold: 1000, value: 100 }] });
    const p2 = await promotion(t.app, { kind: 'percent_off', name: '折扣碼 9 折', percent: 10, max_discount: 500, stackable: 1, coupon_mode: 'shared', shared_code: 'TENOFF' });
    const p3 = await promotion(t.app, { kind: 'gift', name: '滿額贈', min_subtotal: 1000, gift_variant_id: g.variantId, gift_stock: 3 });
    const p4 = await promotion(t.app, { kind: 'addon', name: '加價購', min_subtotal: 500, addon_items: [{ variant_id: x.variantId, addon_price: 99, max_per_order: 1 }] });
    const buyer = await shopper(t);
    const stock = { a: await stockOf(t.app, a.variantId), c: await stockOf(t.app, c.variantId), g: await stockOf(t.app, g.variantId), x: await stockOf(t.app, x.variantId) };
    const promo = { couponCode: 'tenoff', addons: [{ promotion_id: p4.id, variant_id: x.variantId, quantity: 1 }] };

    const o = await order(buyer, [line(a, 2), line(c)], promo);
    expect(o.r.status).toBe(200);
    // 2000 − 100 (滿千折百) = 1900, − 10 % (190) = 1710, + the add-on 99, + shipping 100.
    expect(o.q).toMatchObject({ subtotal: 2099, discountTotal: 290, shipping_fee: FEE, totalAmount: 1909, coupon: { code: 'TENOFF', applied: true } });
    const money = await expectOrderAddsUp(t.app, o.id);
    expect(money.order).toEqual({ subtotal: 2099, discount_total: 290, points_used: 0, shipping_fee: FEE, total_amount: 1909 });
    expect(money.adjustments.map(({ kind, label, amount }) => ({ kind, label, amount }))).toEqual([
      { kind: 'promotion', label: '滿千折百', amount: -100 },
      { kind: 'coupon', label: '折扣碼 9 折', amount: -190 },
    ]);
    const sources: { source_id: string }[] = await ds.query('SELECT source_id FROM order_adjustments WHERE order_id = ? ORDER BY id', [o.id]);
    expect(sources.map((s) => s.source_id)).toEqual([String(p1.id), String(p2.id)]);

    const items = await itemsOf(o.id);
    expect(items.map(({ id: _id, discount: _d, amount: _a, ...rest }) => rest)).toEqual([
      { variant_id: a.variantId, price: 500, quantity: 2, line_kind: 'item', promotion_id: null },
      { variant_id: c.variantId, price: 1000, quantity: 1, line_kind: 'item', promotion_id: null },
      { variant_id: x.variantId, price: 99, quantity: 1, line_kind: 'addon', promotion_id: p4.id },
      { variant_id: g.variantId, price: 0, quantity: 1, line_kind: 'gift', promotion_id: p3.id },
    ]);
    // The discounts sit on the bought lines only (as quoted); gift and add-on keep their price.
    expect(items.map((i) => i.discount)).toEqual([145, 145, 0, 0]);
    expect(items.map((i) => i.amount)).toEqual(o.q.lines.filter((l: { line_kind: string }) => l.line_kind !== 'gift').map((l: { amount: number }) => l.amount).concat([0]));

    // What it took: the code's use, the gift; stock of every line (the gift and the add-on too).
    expect(await usesOfOrder(t.app, o.id)).toEqual([
      { promotion_id: p1.id, coupon_code_id: null, code: '', counted: 0, gift: 0, discount: 100, released: false },
      { promotion_id: p2.id, coupon_code_id: null, code: 'TENOFF', counted: 1, gift: 0, discount: 190, released: false },
      { promotion_id: p3.id, coupon_code_id: null, code: '', counted: 0, gift: 1, discount: 0, released: false },
      { promotion_id: p4.id, coupon_code_id: null, code: '', counted: 0, gift: 0, discount: 0, released: false },
    ]);
    expect(await promotionRow(t.app, p2.id)).toMatchObject({ used_count: 1 });
    expect(await promotionRow(t.app, p3.id)).toMatchObject({ gift_stock: 2 });
    // No per-member limit: no member row is kept (a limit set later counts the orders: admin-promotion-codes.api-spec.ts).
    expect(await memberUses(t.app, p2.id, buyer.userId)).toBe(0);
    expect({ a: await stockOf(t.app, a.variantId), c: await stockOf(t.app, c.variantId), g: await stockOf(t.app, g.variantId), x: await stockOf(t.app, x.variantId) }).toEqual({
      a: stock.a - 2,
      c: stock.c - 1,
      g: stock.g - 1,
      x: stock.x - 1,
    });

    // The slip and /orders show the discounts, each line's share and the promotion lines.
    const slip = await buyer.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`);
    expect(slip.status).toBe(200);
    expect(slip.body.order).toMatchObject({
      subtotal: 2099,
      discount_total: 290,
      total_amount: 1909,
      adjustments: [
        { kind: 'promotion', label: '滿千折百', amount: -100 },
        { kind: 'coupon', label: '折扣碼 9 折', amount: -190 },
      ],
    });
    expect(slip.body.orderItems.map((i: { line_kind: string; promotion_id: number | null; discount: number }) => [i.line_kind, i.promotion_id, i.discount])).toEqual([
      ['item', null, 145],
      ['item', null, 145],
      ['addon', p4.id, 0],
      ['gift', p3.id, 0],
    ]);
    const mine = await buyer.b.get('/api/order/getUserOrdersByPage?page=1&limit=5');
    expect(mine.body.orders.find((r: { order_id: number }) => r.order_id === o.id)).toMatchObject({ discount_total: 290, adjustments: slip.body.order.adjustments });
    const admin = await owner.post('/api/admin/getAdminOrderDetails', { order_id: o.id });
    expect(admin.status).toBe(200);
    expect(admin.body.orderDetails.order.adjustments).toEqual(slip.body.order.adjustments);
    expect(admin.body.orderDetails.items.map((i: { line_kind: string }) => i.line_kind)).toEqual(['item', 'item', 'addon', 'gift']);

    // The confirmation mail (cash on delivery) names the gift and the add-on and shows each discount.
    await jobsIdle(t.app);
    const mail = t.app
      .get(DevOutbox, { strict: false })
      .list('email')
      .find((m) => m.to === buyer.email && (m.subject ?? '').includes(`#${o.id}`));
    // The item table (issue 22 §6) shows the variant under the name, in the same cell.
    expect(mail?.body).toContain(`【贈品】${g.title}`);
    const literal = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (g.variantName) expect(mail?.body).toMatch(new RegExp(`【贈品】${literal(g.title)}<br><span[^>]*>${literal(g.variantName)}</span>`));
    expect(mail?.body).toContain('【加價購】');
    expect(mail?.body).toContain('滿千折百');
    expect(mail?.body).toContain('折扣碼 9 折');
  });

  it('refuses a total other than the quote’s with the new total (409), and a refused code with its message (400); nothing is written', async () => {
    await promotion(t.app, { kind: 'amount_off', name: '滿千折百', tiers: [{ threshold: 1000, value: 100 }] });
    await promotion(t.app, { kind: 'amount_off', name: '只限首購', coupon_mode: 'shared', shared_code: 'FIRSTBUY', first_order_only: 1, tiers: [{ threshold: 500, value: 50 }] });
    const buyer = await shopper(t);
    const before = await rowCount(t.app, 'SELECT COUNT(*) AS n FROM orders');

    // The total without the promotion (what a stale page would send).
    const stale = await submit(buyer, homeCod(buyer, [line(a, 2)], 1000 + FEE));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, message: totalChangedMsg(900 + FEE), totalAmount: 900 + FEE });

    const unknown = await submit(buyer, homeCod(buyer, [line(a, 2)], 900 + FEE, { couponCode: 'NO-SUCH-CODE' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ success: false, message: '折扣碼不存在' });
    const two = await submit(buyer, homeCod(buyer, [line(a, 2)], 900 + FEE, { couponCodes: ['FIRSTBUY', 'OTHER-CODE'] }));
    expect(two.status).toBe(400);
    expect(two.body).toEqual({ success: false, message: '一筆訂單限用一組折扣碼' });
    const points = await submit(buyer, homeCod(buyer, [line(a, 2)], 900 + FEE, { usePoints: -5 }));
    expect(points.status).toBe(400);
    expect(points.body.message).toBe('請輸入正確的購物金點數');
    expect(await rowCount(t.app, 'SELECT COUNT(*) AS n FROM orders')).toBe(before);

    // At the quoted total it goes through (the code is not stackable: the automatic 滿千折百 gives way
    // to it, rule 3); then the first-order code is refused for the next order.
    const first = await order(buyer, [line(a, 2)], { couponCode: 'FIRSTBUY' });
    expect(first.r.status).toBe(200);
    expect(first.q.adjustments).toEqual([{ kind: 'coupon', label: '只限首購', amount: -50, promotion_id: expect.any(Number) }]);
    expect((await expectOrderAddsUp(t.app, first.id)).order.total_amount).toBe(950 + FEE);
    const again = await submit(buyer, homeCod(buyer, [line(a, 2)], 950 + FEE, { couponCode: 'FIRSTBUY' }));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('此折扣碼僅限首次購物');
  });

  it('a code spent between the quote and the order: 409 折扣碼已使用完畢, the order rolled back', async () => {
    const p = await promotion(t.app, { kind: 'amount_off', name: '限量折扣碼', coupon_mode: 'shared', shared_code: 'LAST-ONE', usage_limit: 1, tiers: [{ threshold: 500, value: 50 }] });
    const buyer = await shopper(t);
    const q = await quote(buyer, [line(b, 2)], { couponCode: 'LAST-ONE' });
    expect(q.body.coupon).toMatchObject({ applied: true });
    // Another order took the last use meanwhile (the cached promotions may still say one is left).
    await ds.query('UPDATE promotions SET used_count = 1 WHERE id = ?', [p.id]);
    const stockB = await stockOf(t.app, b.variantId);
    const r = await submit(buyer, homeCod(buyer, [line(b, 2)], q.body.totalAmount, { couponCode: 'LAST-ONE' }));
    expect([400, 409]).toContain(r.status);
    expect(r.body).toMatchObject({ success: false, message: '折扣碼已使用完畢' });
    expect(await stockOf(t.app, b.variantId)).toBe(stockB);
    expect(await promotionRow(t.app, p.id)).toMatchObject({ used_count: 1 });
    expect(await rowCount(t.app, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [buyer.userId])).toBe(0);
  });

  it('cancel gives back the unique code, the member’s use, the use count and the gift (and its stock), once', async () => {
    const coded = await promotion(t.app, { kind: 'amount_off', name: '一次性折扣碼', coupon_mode: 'unique', per_member_limit: 1, tiers: [{ threshold: 500, value: 80 }] });
    await uniqueCodes(t.app, coded.id, ['ONE-TIME-01']);
    const gift = await promotion(t.app, { kind: 'gift', name: '滿額贈', min_subtotal: 500, gift_variant_id: g.variantId, gift_stock: 1 });
    const buyer = await shopper(t);
    const giftStock = await stockOf(t.app, g.variantId);

    const o = await order(buyer, [line(c)], { couponCode: 'one-time-01' });
    expect(o.r.status).toBe(200);
    expect((await expectOrderAddsUp(t.app, o.id)).order.total_amount).toBe(920 + FEE);
    expect(await codeRow(t.app, 'ONE-TIME-01')).toEqual({ used_by_order_id: o.id });
    expect(await memberUses(t.app, coded.id, buyer.userId)).toBe(1);
    expect(await promotionRow(t.app, coded.id)).toMatchObject({ used_count: 1 });
    expect(await promotionRow(t.app, gift.id)).toMatchObject({ gift_stock: 0 });
    expect(await stockOf(t.app, g.variantId)).toBe(giftStock - 1);
    // The member's use is spent: the code (even a new one) is refused now.
    await uniqueCodes(t.app, coded.id, ['ONE-TIME-02']);
    expect((await quote(buyer, [line(c)], { couponCode: 'ONE-TIME-02' })).body.coupon).toMatchObject({ applied: false, message: '您已使用過此折扣碼' });

    const cancel = await buyer.b.post('/api/order/cancelOrder', { order_id: o.id });
    expect(cancel.status).toBe(200);
    expect(await codeRow(t.app, 'ONE-TIME-01')).toEqual({ used_by_order_id: null });
    expect(await memberUses(t.app, coded.id, buyer.userId)).toBe(0);
    expect(await promotionRow(t.app, coded.id)).toMatchObject({ used_count: 0 });
    expect(await promotionRow(t.app, gift.id)).toMatchObject({ gift_stock: 1 });
    expect(await stockOf(t.app, g.variantId)).toBe(giftStock);
    expect((await usesOfOrder(t.app, o.id)).map((u) => u.released)).toEqual([true, true]);
    // A second cancel gives nothing back twice.
    await buyer.b.post('/api/order/cancelOrder', { order_id: o.id });
    expect(await promotionRow(t.app, gift.id)).toMatchObject({ gift_stock: 1 });
    expect(await promotionRow(t.app, coded.id)).toMatchObject({ used_count: 0 });

    // Freed: the same code works again, for this member too.
    const again = await order(buyer, [line(c)], { couponCode: 'ONE-TIME-01' });
    expect(again.r.status).toBe(200);
    expect(await codeRow(t.app, 'ONE-TIME-01')).toEqual({ used_by_order_id: again.id });
    await expectOrderAddsUp(t.app, again.id);
  });

  it('a gift whose stock ran out after the quote is left out of the order, not an error (and nothing of it is counted)', async () => {
    const gift = await promotion(t.app, { kind: 'gift', name: '滿額贈', min_subtotal: 500, gift_variant_id: g.variantId, gift_stock: 5, usage_limit: 100 });
    const buyer = await shopper(t);
    const q = await quote(buyer, [line(c)]);
    expect(q.body.gifts).toEqual([expect.objectContaining({ available: true })]);
    const left = await stockOf(t.app, g.variantId);
    await ds.query('UPDATE product_variants SET quantity = 0 WHERE id = ?', [g.variantId]);
    const r = await submit(buyer, homeCod(buyer, [line(c)], q.body.totalAmount));
    expect(r.status).toBe(200);
    const id = r.body.resData.order_id as number;
    await expectOrderAddsUp(t.app, id);
    expect((await itemsOf(id)).map((i) => i.line_kind)).toEqual(['item']);
    expect(await usesOfOrder(t.app, id)).toEqual([]);
    expect(await promotionRow(t.app, gift.id)).toEqual({ used_count: 0, gift_stock: 5 });
    expect(await stockOf(t.app, g.variantId)).toBe(0);
    await ds.query('UPDATE product_variants SET quantity = ? WHERE id = ?', [left, g.variantId]);
  });

  it('a paid order: the e-invoice lists the gift at NT$ 0 and each discount; a refunded line gives back its amount after its discount', async () => {
    const p = await promotion(t.app, { kind: 'amount_off', name: '滿千折百', tiers: [{ threshold: 1000, value: 100 }] });
    await promotion(t.app, { kind: 'gift', name: '滿額贈', min_subtotal: 1000, gift_variant_id: g.variantId, gift_stock: 10 });
    const buyer = await shopper(t);
    // 3 × b (900) and c (1000): 100 off spread by amount — b 47, c 53.
    const o = await order(buyer, [line(b, 3), line(c)], {}, { payment: 'atm', bankCode: '013' });
    expect(o.r.status).toBe(200);
    expect(o.q).toMatchObject({ discountTotal: 100, totalAmount: 1800 + FEE });
    const sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    await sims.payuni!.settle(o.merTradeNo, 'paid');
    await sims.idle();
    await jobsIdle(t.app);

    const amego = sims.amego as AmegoSimulator;
    const invoice = [...amego.invoices.values()].find((i) => i.orderId === o.merTradeNo);
    expect(invoice).toBeDefined();
    const products = invoice!.data.ProductItem as { Description: string; Quantity: number; UnitPrice: number; Amount: number }[];
    const name = (v: TestVariant) => (v.variantName ? `${v.title}（${v.variantName}）` : v.title);
    expect(products.map(({ Description, Quantity, UnitPrice, Amount }) => ({ Description, Quantity, UnitPrice, Amount }))).toEqual([
      { Description: name(b), Quantity: 3, UnitPrice: 300, Amount: 900 },
      { Description: name(c), Quantity: 1, UnitPrice: 1000, Amount: 1000 },
      { Description: `【贈品】${name(g)}`, Quantity: 1, UnitPrice: 0, Amount: 0 },
      { Description: '滿千折百', Quantity: 1, UnitPrice: -100, Amount: -100 },
      { Description: '運費', Quantity: 1, UnitPrice: FEE, Amount: FEE },
    ]);
    expect(invoice!.totalAmount).toBe(1800 + FEE);
    const [row] = await ds.query('SELECT invoice_status FROM orders WHERE id = ?', [o.id]);
    expect(row.invoice_status).toBe('issued');

    const items = await itemsOf(o.id);
    const lineB = items.find((i) => i.variant_id === b.variantId)!;
    const lineC = items.find((i) => i.variant_id === c.variantId)!;
    expect([lineB.discount, lineC.discount]).toEqual([47, 53]);
    // One of the three b units: floor(853 × 1 / 3) = 284; then the c line: 1000 − 53.
    const one = await owner.post('/api/admin/refundOrder', { order_id: o.id, items: [{ order_item_id: lineB.id, quantity: 1 }], reason: '退一件', restock: false, bank: { bank_code: '013', account: '123456789012', name: '王小明' } });
    expect(one.status).toBe(200);
    expect(one.body.refund).toMatchObject({ amount: 284, items: [{ order_item_id: lineB.id, quantity: 1, amount: 284 }] });
    const two = await owner.post('/api/admin/refundOrder', { order_id: o.id, items: [{ order_item_id: lineC.id, quantity: 1 }], reason: '退一件', restock: false, bank: { bank_code: '013', account: '123456789012', name: '王小明' } });
    expect(two.status).toBe(200);
    expect(two.body.refund).toMatchObject({ amount: 947, items: [{ order_item_id: lineC.id, quantity: 1, amount: 947 }] });
    await expectRefundsAddUp(t.app, o.id, 1800 + FEE);
    // A refund does not give the promotion back (only a cancel does): its use still holds.
    expect((await usesOfOrder(t.app, o.id)).find((u) => u.promotion_id === p.id)).toMatchObject({ discount: 100, released: false });
  });
});
