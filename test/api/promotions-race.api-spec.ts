import { DataSource } from 'typeorm';
import { expectOrderAddsUp } from '../helpers/order-invariants';
import { createTestApp, TestApp } from '../helpers/test-app';
import { homeCod, rowCount, setShipping, shopper, stockOf, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { codeRow, memberUses, noPromotions, promotion, promotionRow, quote, uniqueCodes, usesOfOrder, type Line } from './promotion-fixtures';

jest.setTimeout(180_000);

/**
 * Limits under concurrency (spec 4 §4 "Coupon use"; CONVENTIONS: a race test for every limited
 * resource): orders sent at once through the real checkout, each at the total its own quote showed.
 * A code with one use left, a unique code, a gift with one left and a per-member limit each go to
 * exactly one order; the others are refused (or, for the gift, made without it); every order made
 * adds up. On MariaDB these are real concurrent transactions.
 */
describe('promotion limits under concurrency', () => {
  let t: TestApp;
  let ds: DataSource;
  let a: TestVariant, g: TestVariant;
  let buyers: Shopper[];
  const FEE = 100;
  const N = 10;
  const cart = (): Line[] => [{ v: a, quantity: 2 }];

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' });
    ds = t.app.get(DataSource);
    [a, g] = await variants(t.app, 2, 500, 100);
    await ds.query('UPDATE product_variants SET discount_price = 500 WHERE id = ?', [a.variantId]);
    await setShipping(t.app, 4, { shipping_cost: FEE, free_shipping_threshold: 3000, is_active: 1 });
    buyers = [];
    for (let i = 0; i < N; i++) buyers.push(await shopper(t));
    for (const s of buyers) await s.b.csrfToken();
  });
  afterAll(async () => t?.close());
  beforeEach(async () => noPromotions(t.app));

  /** Each buyer quotes (with `promo`), then all submit at once at their quoted totals. */
  async function race(who: Shopper[], promo: Record<string, unknown>, tag: string) {
    const totals = await Promise.all(who.map(async (s) => (await quote(s, cart(), promo)).body.totalAmount as number));
    const answers = await Promise.all(who.map((s, i) => submit(s, homeCod(s, cart(), totals[i], promo), `${tag}-${i}-${Date.now()}`)));
    const made = answers.filter((r) => r.status === 200).map((r) => r.body.resData.order_id as number);
    for (const id of made) await expectOrderAddsUp(t.app, id);
    return { answers, made };
  }

  it('a shared code with one use left and 10 orders at once: exactly one order gets it', async () => {
    const p = await promotion(t.app, { kind: 'amount_off', name: '限量', coupon_mode: 'shared', shared_code: 'FLASH-50', usage_limit: 5, used_count: 4, tiers: [{ threshold: 500, value: 100 }] });
    const { answers, made } = await race(buyers, { couponCode: 'FLASH-50' }, 'shared');
    expect(made).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect([409, 400]).toContain(r.status);
      expect(r.body).toMatchObject({ success: false, message: '折扣碼已使用完畢' });
    }
    expect(await promotionRow(t.app, p.id)).toMatchObject({ used_count: 5 });
    expect(await rowCount(t.app, 'SELECT COUNT(*) AS n FROM promotion_uses WHERE promotion_id = ? AND released_at IS NULL', [p.id])).toBe(1);
    expect((await usesOfOrder(t.app, made[0])).find((u) => u.promotion_id === p.id)).toMatchObject({ counted: 1, code: 'FLASH-50', discount: 100 });
  });

  it('one unique code, 10 orders at once: exactly one', async () => {
    const p = await promotion(t.app, { kind: 'amount_off', name: '序號', coupon_mode: 'unique', tiers: [{ threshold: 500, value: 100 }] });
    const [row] = await uniqueCodes(t.app, p.id, ['SOLO-CODE-1']);
    const { answers, made } = await race(buyers, { couponCode: 'SOLO-CODE-1' }, 'unique');
    expect(made).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ success: false, message: '折扣碼已使用完畢' });
    expect(await codeRow(t.app, 'SOLO-CODE-1')).toEqual({ used_by_order_id: made[0] });
    expect((await usesOfOrder(t.app, made[0])).find((u) => u.promotion_id === p.id)).toMatchObject({ coupon_code_id: row.id, counted: 1 });
    expect(await promotionRow(t.app, p.id)).toMatchObject({ used_count: 1 });
  });

  it('gift_stock 1 and 10 orders at once: every order is made, exactly one with the gift', async () => {
    const p = await promotion(t.app, { kind: 'gift', name: '滿額贈', min_subtotal: 500, gift_variant_id: g.variantId, gift_stock: 1 });
    const giftStock = await stockOf(t.app, g.variantId);
    const { answers, made } = await race(buyers, {}, 'gift');
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const gifts: { order_id: number }[] = await ds.query(`SELECT order_id FROM order_items WHERE line_kind = 'gift' AND promotion_id = ? AND order_id IN (${made.map(() => '?').join(',')})`, [p.id, ...made]);
    expect(gifts).toHaveLength(1);
    expect(await promotionRow(t.app, p.id)).toMatchObject({ gift_stock: 0 });
    expect(await stockOf(t.app, g.variantId)).toBe(giftStock - 1);
    expect(await rowCount(t.app, 'SELECT COUNT(*) AS n FROM promotion_uses WHERE promotion_id = ? AND gift = 1', [p.id])).toBe(1);
  });

  it('per_member_limit 1: the same member’s 10 orders at once (distinct Idempotency-Keys) use the code once', async () => {
    const p = await promotion(t.app, { kind: 'amount_off', name: '每人一次', coupon_mode: 'shared', shared_code: 'ONCE-EACH', per_member_limit: 1, tiers: [{ threshold: 500, value: 100 }] });
    const me = buyers[0];
    const { answers, made } = await race(Array.from({ length: N }, () => me), { couponCode: 'ONCE-EACH' }, 'member');
    expect(made).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect([409, 400]).toContain(r.status);
      expect(r.body).toMatchObject({ success: false, message: '您已使用過此折扣碼' });
    }
    expect(await memberUses(t.app, p.id, me.userId)).toBe(1);
    expect(await promotionRow(t.app, p.id)).toMatchObject({ used_count: 1 });
  });

  it('per_member_limit 1 on an automatic promotion: one of the member’s concurrent orders gets it, the others are told the new total', async () => {
    const p = await promotion(t.app, { kind: 'amount_off', name: '每人一次自動', per_member_limit: 1, tiers: [{ threshold: 500, value: 100 }] });
    const me = buyers[1];
    const { answers, made } = await race(Array.from({ length: 5 }, () => me), {}, 'auto-member');
    expect(made).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ success: false, totalAmount: 1000 + FEE });
    expect(await memberUses(t.app, p.id, me.userId)).toBe(1);
    expect((await usesOfOrder(t.app, made[0])).find((u) => u.promotion_id === p.id)).toMatchObject({ counted: 1, discount: 100 });
  });
});
