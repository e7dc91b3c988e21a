import request from 'supertest';
import { DataSource } from 'typeorm';
import type { PublicPromotion, QuoteAdjustment } from '../../src/common/api/promotions';
import { createTestApp, TestApp } from '../helpers/test-app';
import { shopper, type Shopper } from './checkout-fixtures';
import { quote, visitor, type Line } from './promotion-fixtures';

jest.setTimeout(120_000);

/**
 * The demo shop's promotions (SEED_DEMO_PROMOTIONS, as on a fresh `npm start`) through the public
 * list and the real quote: the badges, the 防曬季 promotion the home banner announces stacking on
 * 滿千折百, the gift 旅行組, the add-ons, the 面膜 bundle and WELCOME100 for a member's first order.
 */
describe('demo promotions on a fresh shop (issue 20 seed)', () => {
  let t: TestApp;
  let ds: DataSource;
  let member: Shopper;

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO_PROMOTIONS: 'true', CHECKOUT_RATE_LIMIT: '1000' });
    ds = t.app.get(DataSource);
    member = await shopper(t);
  });
  afterAll(async () => t?.close());

  /** A seeded variant by product title and variant name. */
  async function v(title: string, variantName: string): Promise<Line['v']> {
    const [r] = await ds.query('SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.title = ? AND v.variant_name = ?', [title, variantName]);
    return { productId: Number(r.product_id), variantId: Number(r.id) };
  }
  const labels = (adjustments: QuoteAdjustment[]) => adjustments.map((a) => [a.kind, a.label, a.amount]);

  it('lists the running ones with their badges; the disabled one is not shown', async () => {
    const r = await request(t.http).get('/api/load/promotions');
    expect(r.status).toBe(200);
    const shown = r.body.promotions as PublicPromotion[];
    expect(shown.map((p) => [p.badge, p.needs_code]).sort()).toEqual(
      [
        ['滿千折百', false],
        ['9 折', false],
        ['任選 3 件 NT$ 999', false],
        ['滿額贈', false],
        ['滿 1,500 折 150', false],
        ['滿 500 折 100', true],
        ['加價購', false],
      ].sort(),
    );
    expect(shown.some((p) => p.name.includes('85 折'))).toBe(false);
  });

  it('the home banner: 防曬 over NT$ 1,500 takes NT$ 150 more on top of 滿千折百, and the gift 旅行組 comes with it', async () => {
    const lines: Line[] = [
      { v: await v('輕透水感防曬乳 SPF50+', '兩入組'), quantity: 1 },
      { v: await v('物理性溫和防曬霜', '40ml'), quantity: 1 },
    ];
    const r = await quote(visitor(t), lines);
    expect(r.status).toBe(200);
    expect(r.body.subtotal).toBe(1180 + 690);
    expect(labels(r.body.adjustments)).toEqual(
      expect.arrayContaining([
        ['promotion', '滿千折百', -100],
        ['promotion', '防曬季：防曬滿 NT$1,500 再折 NT$150', -150],
      ]),
    );
    expect(r.body.discountTotal).toBe(250);
    expect(r.body.gifts).toEqual([expect.objectContaining({ title: '旅行輕巧組', variant_name: '旅行組', quantity: 1, available: true })]);
    expect(r.body.addonOffers.map((o: { title: string; addon_price: number }) => [o.title, o.addon_price])).toEqual([
      ['蠶絲緊緻面膜', 49],
      ['護手霜三入組', 299],
    ]);
  });

  it('any 3 masks for NT$ 999, and WELCOME100 on a member’s first order (not for visitors)', async () => {
    const mask = await v('玻尿酸保濕面膜', '10片裝');
    const bundle = await quote(visitor(t), [{ v: mask, quantity: 3 }]);
    expect(labels(bundle.body.adjustments)).toEqual([['promotion', '面膜任選 3 件 NT$999', -(650 * 3 - 999)]]);

    const cream = await v('神經醯胺保濕乳霜', '50ml');
    const welcome = await quote(member, [{ v: cream, quantity: 1 }], { couponCode: 'welcome100' });
    expect(welcome.body.coupon).toMatchObject({ code: 'WELCOME100', applied: true });
    expect(labels(welcome.body.adjustments)).toEqual([['coupon', '新會員首購禮 WELCOME100', -100]]);
    const stranger = await quote(visitor(t), [{ v: cream, quantity: 1 }], { couponCode: 'WELCOME100' });
    expect(stranger.body.coupon).toMatchObject({ applied: false, message: '此折扣碼僅限會員使用' });
  });
});
