import { DataSource } from 'typeorm';
import { COUPON_MSG, GIFT_SOLD_OUT } from '../../src/modules/promotions/engine/messages';
import { createTestApp, TestApp } from '../helpers/test-app';
import { homeCod, setShipping, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { noPromotions, productType, promotion, quote, setPromotion, uniqueCodes, visitor, type Line } from './promotion-fixtures';

jest.setTimeout(120_000);

/**
 * POST /api/cart/quote (spec 4 §4, §5, §7; issue 20 rules): every kind through the API, every coupon
 * message (a refused code is not an HTTP error), visitors and members, hints, gifts (贈品已送完),
 * add-ons, and the 3-second cache that never serves one member's quote to another.
 * Prices are set for the test: a 500, b 300, c 1000, g (a gift) 250, x (an add-on) 400; home
 * delivery costs NT$ 100, free from NT$ 3,000.
 */
describe('POST /api/cart/quote (spec 4 §4, §7)', () => {
  let t: TestApp;
  let ds: DataSource;
  let a: TestVariant, b: TestVariant, c: TestVariant, g: TestVariant, x: TestVariant;
  let member: Shopper;

  const FEE = 100;
  const line = (v: TestVariant, quantity = 1): Line => ({ v, quantity });

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' });
    ds = t.app.get(DataSource);
    [a, b, c, g, x] = await variants(t.app, 5, 50, 100);
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
    member = await shopper(t);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => noPromotions(t.app));

  describe('the cart as stored, without promotions', () => {
    it('prices each line from the database, adds the method fee, and hints the free-shipping threshold', async () => {
      const r = await quote(visitor(t), [line(a, 2), line(b)]);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        success: true,
        lines: [
          { product_id: a.productId, variant_id: a.variantId, title: a.title, quantity: 2, unit_price: 500, discount: 0, amount: 1000, line_kind: 'item' },
          { variant_id: b.variantId, quantity: 1, unit_price: 300, discount: 0, amount: 300, line_kind: 'item' },
        ],
        adjustments: [],
        gifts: [],
        addonOffers: [],
        coupon: null,
        subtotal: 1300,
        discountTotal: 0,
        pointsUsed: 0,
        pointsMax: 0,
        shipping_fee: FEE,
        freeShipping: false,
        totalAmount: 1300 + FEE,
        pointsToEarn: 0,
      });
      expect(r.body.hints).toEqual([{ promotion_id: null, kind: 'shipping', text: '還差 NT$ 1,700 享免運', missing: 1700, threshold: 3000 }]);
    });

    it('absent shipping is the first active method; a method not offered is refused', async () => {
      const r = await visitor(t).post('/api/cart/quote', { cartItems: [{ product_id: a.productId, variant_id: a.variantId, quantity: 1 }] });
      expect(r.status).toBe(200);
      expect(r.body.totalAmount).toBe(500 + r.body.shipping_fee);
      const bad = await quote(visitor(t), [line(a)], { shipping: 99 });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ success: false, message: '請選擇配送方式！' });
    });

    it('refuses the cart as checkout does: sizes, quantities, unknown products, stock; points must be a whole number ≥ 0', async () => {
      const v = visitor(t);
      const tooMany = await v.post('/api/cart/quote', { cartItems: Array.from({ length: 101 }, () => ({ product_id: a.productId, variant_id: a.variantId, quantity: 1 })) });
      expect(tooMany.status).toBe(400);
      expect((await quote(v, [line(a, 100)])).body).toMatchObject({ success: false, message: '購買數量須為 1 到 99 件' });
      expect((await quote(v, [{ v: { productId: 99_999_999, variantId: 1 }, quantity: 1 }])).status).toBe(404);
      const short = await quote(v, [line(a, 51)]);
      expect(short.status).toBe(409);
      expect(short.body.message).toMatch(/^庫存不足：「.+」僅剩 50 件$/);
      expect((await v.post('/api/cart/quote', { cartItems: [] })).body).toMatchObject({ success: false, message: '購物車內無商品！' });
      for (const usePoints of [-1, 1.5, 'abc', true]) {
        const r = await quote(v, [line(a)], { usePoints });
        expect([usePoints, r.status, r.body.message]).toEqual([usePoints, 400, '請輸入正確的購物金點數']);
      }
      // Points are issue 21: no balance yet, so none are used.
      expect((await quote(v, [line(a)], { usePoints: 100 })).body).toMatchObject({ success: true, pointsUsed: 0, pointsMax: 0, totalAmount: 500 + FEE });
    });
  });

  describe('each kind (automatic)', () => {
    it('amount_off: the highest tier reached, spread over the lines; the next tier hinted before', async () => {
      const p = await promotion(t.app, { kind: 'amount_off', name: '滿千折百', tiers: [{ threshold: 1000, value: 100 }, { threshold: 2000, value: 250 }] });
      const below = await quote(visitor(t), [line(a)]);
      expect(below.body).toMatchObject({ adjustments: [], totalAmount: 500 + FEE });
      expect(below.body.hints).toContainEqual({ promotion_id: p.id, kind: 'amount_off', text: '還差 NT$ 500 享「滿千折百」', missing: 500 });

      const one = await quote(visitor(t), [line(a, 2)]);
      expect(one.body).toMatchObject({
        adjustments: [{ kind: 'promotion', label: '滿千折百', amount: -100, promotion_id: p.id }],
        lines: [{ quantity: 2, unit_price: 500, discount: 100, amount: 900 }],
        subtotal: 1000,
        discountTotal: 100,
        totalAmount: 900 + FEE,
      });

      const two = await quote(visitor(t), [line(a, 2), line(c)]);
      expect(two.body).toMatchObject({ adjustments: [{ amount: -250 }], subtotal: 2000, discountTotal: 250, totalAmount: 1750 + FEE });
      expect(two.body.lines.map((l: { discount: number }) => l.discount)).toEqual([125, 125]);
    });

    it('percent_off: floor of the percent, capped by max_discount', async () => {
      const p = await promotion(t.app, { kind: 'percent_off', name: '全館 9 折', percent: 10, max_discount: 150 });
      expect((await quote(visitor(t), [line(a), line(b)])).body).toMatchObject({ adjustments: [{ kind: 'promotion', label: '全館 9 折', amount: -80, promotion_id: p.id }], totalAmount: 720 + FEE });
      expect((await quote(visitor(t), [line(c, 2)])).body).toMatchObject({ adjustments: [{ amount: -150 }], totalAmount: 1850 + FEE });
    });

    it('bundle_price: any N eligible units (most expensive first) for NT$ X; what is missing hinted', async () => {
      const p = await promotion(t.app, { kind: 'bundle_price', name: '任選 3 件 NT$ 999', bundle_quantity: 3, bundle_price: 999, scope: 'products', product_ids: [a.productId, b.productId, c.productId] });
      const two = await quote(visitor(t), [line(a), line(b)]);
      expect(two.body.adjustments).toEqual([]);
      expect(two.body.hints).toContainEqual({ promotion_id: p.id, kind: 'bundle_price', text: '再買 1 件享任選 3 件 NT$ 999', missing: 0 });
      expect((await quote(visitor(t), [line(a), line(b), line(c)])).body).toMatchObject({ adjustments: [{ amount: -801, promotion_id: p.id }], totalAmount: 999 + FEE });
      // Four units: c, a, a make the group (2000 → 999); b stays at its price.
      const four = await quote(visitor(t), [line(a, 2), line(b), line(c)]);
      expect(four.body).toMatchObject({ adjustments: [{ amount: -1001 }], totalAmount: 999 + 300 + FEE });
      expect(four.body.lines[1]).toMatchObject({ variant_id: b.variantId, discount: 0, amount: 300 });
    });

    it('categories scope and exclusions decide the eligible lines', async () => {
      const type = await productType(t.app, a.productId);
      expect(type).not.toBeNull();
      await promotion(t.app, { kind: 'amount_off', name: '分類折', scope: 'categories', category_ids: [type!], tiers: [{ threshold: 500, value: 50 }] });
      const inScope = await quote(visitor(t), [line(a)]);
      expect(inScope.body.adjustments).toMatchObject([{ label: '分類折', amount: -50 }]);
      await noPromotions(t.app);
      await promotion(t.app, { kind: 'amount_off', name: '排除', exclude_product_ids: [a.productId], tiers: [{ threshold: 500, value: 50 }] });
      const excluded = await quote(visitor(t), [line(a), line(b)]);
      expect(excluded.body.adjustments).toEqual([]);
      expect(excluded.body.hints).toContainEqual(expect.objectContaining({ kind: 'amount_off', text: '還差 NT$ 200 享「排除」', missing: 200 }));
    });

    it('free_shipping: shipping 0 from its threshold (after discounts); below it, the nearer free-shipping hint', async () => {
      const p = await promotion(t.app, { kind: 'free_shipping', name: '滿千免運', min_subtotal: 1000 });
      const below = await quote(visitor(t), [line(a)]);
      expect(below.body).toMatchObject({ shipping_fee: FEE, freeShipping: false });
      expect(below.body.hints).toEqual([{ promotion_id: p.id, kind: 'free_shipping', text: '還差 NT$ 500 享免運', missing: 500, threshold: 1000 }]);
      expect((await quote(visitor(t), [line(a, 2)])).body).toMatchObject({ shipping_fee: 0, freeShipping: true, totalAmount: 1000, hints: [] });
    });

    it('gift: one gift line at NT$ 0 from its threshold; 贈品已送完 when gift_stock or the variant runs out; hinted below', async () => {
      const p = await promotion(t.app, { kind: 'gift', name: '滿千送旅行組', min_subtotal: 1000, gift_variant_id: g.variantId, gift_stock: 2 });
      const below = await quote(visitor(t), [line(a)]);
      expect(below.body.gifts).toEqual([]);
      expect(below.body.hints).toContainEqual({ promotion_id: p.id, kind: 'gift', text: `還差 NT$ 500 送「${g.title}」`, missing: 500 });

      const got = await quote(visitor(t), [line(a, 2)]);
      expect(got.body).toMatchObject({ subtotal: 1000, totalAmount: 1000 + FEE });
      expect(got.body.lines[1]).toMatchObject({ variant_id: g.variantId, product_id: g.productId, unit_price: 0, quantity: 1, discount: 0, amount: 0, line_kind: 'gift', promotion_id: p.id });
      expect(got.body.gifts).toEqual([expect.objectContaining({ promotion_id: p.id, variant_id: g.variantId, quantity: 1, available: true })]);

      await setPromotion(t.app, p.id, { gift_stock: 0 });
      const none = await quote(visitor(t), [line(a, 2)]);
      expect(none.body.lines).toHaveLength(1);
      expect(none.body.gifts).toEqual([expect.objectContaining({ promotion_id: p.id, variant_id: g.variantId, available: false, message: GIFT_SOLD_OUT })]);
      expect(GIFT_SOLD_OUT).toBe('贈品已送完');

      await setPromotion(t.app, p.id, { gift_stock: 5 });
      await ds.query('UPDATE product_variants SET quantity = 0 WHERE id = ?', [g.variantId]);
      await setPromotion(t.app, p.id, {}); // the variant's stock is read with the promotions
      const soldOut = await quote(visitor(t), [line(a, 2)]);
      expect(soldOut.body.gifts).toEqual([expect.objectContaining({ available: false, message: '贈品已送完' })]);
      expect(soldOut.body.lines).toHaveLength(1);
      await ds.query('UPDATE product_variants SET quantity = 50 WHERE id = ?', [g.variantId]);
    });

    it('addon: offered when its condition holds, the requested quantity clamped to max_per_order; dropped when not offered', async () => {
      const p = await promotion(t.app, { kind: 'addon', name: '加價購', min_subtotal: 500, addon_items: [{ variant_id: x.variantId, addon_price: 99, max_per_order: 2 }] });
      const offered = await quote(visitor(t), [line(a)]);
      expect(offered.body.addonOffers).toEqual([
        expect.objectContaining({ promotion_id: p.id, promotion_name: '加價購', variant_id: x.variantId, product_id: x.productId, price: 400, addon_price: 99, max_per_order: 2, quantity: 0, stock: 50 }),
      ]);
      expect(offered.body.lines).toHaveLength(1);

      const added = await quote(visitor(t), [line(a)], { addons: [{ promotion_id: p.id, variant_id: x.variantId, quantity: 5 }] });
      expect(added.body.lines[1]).toMatchObject({ variant_id: x.variantId, unit_price: 99, quantity: 2, amount: 198, line_kind: 'addon', promotion_id: p.id });
      expect(added.body).toMatchObject({ subtotal: 698, totalAmount: 698 + FEE });
      expect(added.body.addonOffers[0].quantity).toBe(2);

      const notOffered = await quote(visitor(t), [line(b)], { addons: [{ promotion_id: p.id, variant_id: x.variantId, quantity: 1 }] });
      expect(notOffered.body).toMatchObject({ addonOffers: [], subtotal: 300, totalAmount: 300 + FEE });
      expect(notOffered.body.lines).toHaveLength(1);
    });

    it('member_only: the member gets it, the visitor neither gets it nor is hinted it', async () => {
      const p = await promotion(t.app, { kind: 'percent_off', name: '會員 95 折', percent: 5, member_only: 1 });
      const guest = await quote(visitor(t), [line(c)]);
      expect(guest.body).toMatchObject({ adjustments: [], totalAmount: 1000 + FEE });
      expect(guest.body.hints.some((h: { promotion_id: number }) => h.promotion_id === p.id)).toBe(false);
      expect((await quote(member, [line(c)])).body).toMatchObject({ adjustments: [{ label: '會員 95 折', amount: -50 }], totalAmount: 950 + FEE });
      // A user_id in the body is ignored (spec 4 §6): the member is the session's.
      expect((await quote(member, [line(c)], { user_id: member.userId + 1 })).body.totalAmount).toBe(950 + FEE);
    });
  });

  describe('coupon codes (spec 4 §5)', () => {
    const code = (typed: string) => ({ couponCode: typed });

    it('a valid code applies (matched case-insensitively) as a coupon adjustment; couponCodes of one works too', async () => {
      const p = await promotion(t.app, { kind: 'amount_off', name: '折扣碼折百', coupon_mode: 'shared', shared_code: 'SAVE100', tiers: [{ threshold: 1000, value: 100 }] });
      // Without the code, a coded promotion does nothing.
      expect((await quote(visitor(t), [line(a, 2)])).body.adjustments).toEqual([]);
      const r = await quote(visitor(t), [line(a, 2)], code(' save100 '));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        coupon: { code: 'SAVE100', applied: true, promotion_id: p.id },
        adjustments: [{ kind: 'coupon', label: '折扣碼折百', amount: -100, promotion_id: p.id }],
        totalAmount: 900 + FEE,
      });
      expect(r.body.coupon.message).toBeUndefined();
      expect((await quote(visitor(t), [line(a, 2)], { couponCodes: ['SAVE100'] })).body.coupon).toMatchObject({ applied: true });
    });

    it('every refusal is a 200 quote without the code, with the spec message; the cart keeps the code', async () => {
      const now = Date.now();
      const base = { kind: 'amount_off' as const, tiers: [{ threshold: 500, value: 50 }] };
      await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'OFF-CODE1', is_active: 0 });
      await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'LATER-CODE', starts_at: new Date(now + 86400_000) });
      await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'OLD-CODE1', ends_at: new Date(now - 86400_000) });
      await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'GONE-CODE', usage_limit: 1, used_count: 1 });
      const uniq = await promotion(t.app, { ...base, coupon_mode: 'unique' });
      await uniqueCodes(t.app, uniq.id, ['UNIQ-USED1', 'UNIQ-FREE1']);
      await ds.query('UPDATE coupon_codes SET used_by_order_id = 999999 WHERE code = ?', ['UNIQ-USED1']);
      await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'MEMBERS1', member_only: 1 });
      const once = await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'ONCE-ONLY', per_member_limit: 1 });
      await ds.query('INSERT INTO promotion_member_uses (promotion_id, user_id, used) VALUES (?, ?, 1)', [once.id, member.userId]);
      // 金卡會員 (default tier 2, issue 21): the member is 一般會員 (1).
      await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'GOLD-ONLY', tier_ids: [2] });
      await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'B-ONLY-1', scope: 'products', product_ids: [b.productId] });
      await promotion(t.app, { ...base, coupon_mode: 'shared', shared_code: 'BIG-SPEND', min_subtotal: 5000 });

      const cases: [string, string, Shopper | null][] = [
        ['NO-SUCH-CODE', COUPON_MSG.unknown, null],
        ['OFF-CODE1', COUPON_MSG.disabled, null],
        ['LATER-CODE', COUPON_MSG.notStarted, null],
        ['OLD-CODE1', COUPON_MSG.expired, null],
        ['GONE-CODE', COUPON_MSG.usedUp, null],
        ['UNIQ-USED1', COUPON_MSG.usedUp, null],
        ['MEMBERS1', COUPON_MSG.membersOnly, null],
        ['ONCE-ONLY', COUPON_MSG.memberUsed, member],
        ['GOLD-ONLY', COUPON_MSG.wrongTier, member],
        ['B-ONLY-1', COUPON_MSG.notInScope, null],
        ['BIG-SPEND', '未達使用門檻（還差 NT$ 4,000）', null],
      ];
      const plain = (await quote(visitor(t), [line(a, 2)])).body;
      for (const [typed, message, who] of cases) {
        const r = await quote(who ?? visitor(t), [line(a, 2)], code(typed.toLowerCase()));
        expect([typed, r.status, r.body.success, r.body.coupon]).toEqual([typed, 200, true, expect.objectContaining({ code: typed, applied: false, message })]);
        expect([typed, r.body.adjustments, r.body.totalAmount]).toEqual([typed, plain.adjustments, plain.totalAmount]);
      }
      // The spec's words, exactly.
      expect(Object.values(COUPON_MSG).filter((m) => typeof m === 'string')).toEqual([
        '折扣碼不存在',
        '折扣碼已停用',
        '折扣碼尚未開始',
        '折扣碼已過期',
        '折扣碼已使用完畢',
        '此折扣碼僅限會員使用',
        '您已使用過此折扣碼',
        '此折扣碼僅限首次購物',
        '此折扣碼不適用於您的會員等級',
        '此折扣碼不適用於購物車中的商品',
        '一筆訂單限用一組折扣碼',
      ]);
      // The members-only code and the free unique code do apply where they may.
      expect((await quote(member, [line(a, 2)], code('MEMBERS1'))).body.coupon).toMatchObject({ applied: true });
      expect((await quote(visitor(t), [line(a, 2)], code('uniq-free1'))).body).toMatchObject({ coupon: { code: 'UNIQ-FREE1', applied: true }, totalAmount: 950 + FEE });
    });

    it('more than one code is refused before pricing: 400 一筆訂單限用一組折扣碼', async () => {
      await promotion(t.app, { kind: 'amount_off', coupon_mode: 'shared', shared_code: 'FIRST-ONE', tiers: [{ threshold: 500, value: 50 }] });
      for (const extra of [{ couponCodes: ['FIRST-ONE', 'OTHER-ONE'] }, { couponCode: 'FIRST-ONE', couponCodes: ['OTHER-ONE'] }, { couponCodes: ['FIRST-ONE', 'FIRST-ONE'] }]) {
        const r = await quote(visitor(t), [line(a)], extra);
        expect([extra, r.status, r.body]).toEqual([extra, 400, { success: false, message: '一筆訂單限用一組折扣碼' }]);
      }
      expect((await quote(visitor(t), [line(a)], { couponCode: 'FIRST-ONE', couponCodes: ['first-one'] })).body.coupon).toMatchObject({ applied: true });
    });

    it('first_order_only: a member with an order is refused; the quote cache never serves one member’s answer to another', async () => {
      await promotion(t.app, { kind: 'amount_off', name: '新會員首購', coupon_mode: 'shared', shared_code: 'WELCOME100', first_order_only: 1, tiers: [{ threshold: 1000, value: 100 }] });
      const fresh = await shopper(t);
      const returning = await shopper(t);
      // returning places an order (at the quoted total).
      const q = await quote(returning, [line(b)]);
      const made = await submit(returning, homeCod(returning, [line(b)], q.body.totalAmount));
      expect(made.status).toBe(200);

      const body = [line(a, 2)];
      const asFresh = await quote(fresh, body, code('WELCOME100'));
      const asReturning = await quote(returning, body, code('WELCOME100'));
      const asFreshAgain = await quote(fresh, body, code('WELCOME100'));
      const asVisitor = await quote(visitor(t), body, code('WELCOME100'));
      expect(asFresh.body).toMatchObject({ coupon: { applied: true }, totalAmount: 900 + FEE });
      expect(asReturning.body).toMatchObject({ coupon: { applied: false, message: '此折扣碼僅限首次購物' }, totalAmount: 1000 + FEE });
      expect(asFreshAgain.body).toEqual(asFresh.body);
      // Visitors count as a first order (the order itself is a member's).
      expect(asVisitor.body.coupon).toMatchObject({ applied: true });
      // And the other way round: the refused member first, then the new one.
      const other = await shopper(t);
      const body2 = [line(a, 2), line(b)];
      expect((await quote(returning, body2, code('WELCOME100'))).body.coupon.applied).toBe(false);
      expect((await quote(other, body2, code('WELCOME100'))).body.coupon.applied).toBe(true);
    });
  });

  it('a code used up a moment ago: the submit says 折扣碼已使用完畢 and so does the next quote at once (no cached quote, no cached count)', async () => {
    await promotion(t.app, { kind: 'amount_off', name: '限量碼', coupon_mode: 'shared', shared_code: 'LAST-ONE', usage_limit: 1, stackable: 1, tiers: [{ threshold: 500, value: 50 }] });
    const late = await shopper(t);
    const early = await shopper(t);
    const body = [line(a)];
    const seen = await quote(late, body, { couponCode: 'LAST-ONE' });
    expect(seen.body.coupon).toMatchObject({ applied: true });
    // Another member takes the last use meanwhile.
    const first = await quote(early, body, { couponCode: 'LAST-ONE' });
    expect((await submit(early, { ...homeCod(early, body, first.body.totalAmount), couponCode: 'LAST-ONE' })).status).toBe(200);
    const refused = await submit(late, { ...homeCod(late, body, seen.body.totalAmount), couponCode: 'LAST-ONE' });
    expect([refused.status, refused.body.message]).toEqual([400, COUPON_MSG.usedUp]);
    // Within the cache's 3 seconds, the same request is priced again, not served from before.
    expect((await quote(late, body, { couponCode: 'LAST-ONE' })).body.coupon).toMatchObject({ applied: false, message: COUPON_MSG.usedUp });
  });

  it('a promotion switched off by staff (promotions.changed) is out of the next quote at once', async () => {
    const p = await promotion(t.app, { kind: 'amount_off', name: '快閃', tiers: [{ threshold: 500, value: 60 }] });
    const before = await quote(member, [line(a)]);
    expect(before.body.adjustments).toMatchObject([{ label: '快閃', amount: -60 }]);
    await setPromotion(t.app, p.id, { is_active: 0 });
    expect((await quote(member, [line(a)])).body.adjustments).toEqual([]);
  });
});
