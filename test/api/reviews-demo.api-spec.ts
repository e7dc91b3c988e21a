import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../helpers/test-app';
import { recounted, summaryRow } from './reviews-fixtures';

jest.setTimeout(180_000);

/**
 * The demo seed's buyers and reviews (issue 21: a fresh `npm start` shows ratings on products):
 * delivered and completed orders of demo members, zh-TW reviews with masked names, a held one and a
 * hidden one, and summaries equal to a recount of the shown reviews.
 */
describe('demo reviews (issue 21 §4)', () => {
  let t: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO_PROMOTIONS: 'true' });
    ds = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rates most listed products, with summaries that equal a recount and pages that show them', async () => {
    const ratings = (await request(t.http).get('/api/load/ratings')).body.ratings as Record<string, { average: number; count: number }>;
    const listed: { id: number }[] = await ds.query('SELECT id FROM products WHERE is_active = 1');
    expect(Object.keys(ratings).length).toBeGreaterThan(listed.length / 2);
    for (const [id, r] of Object.entries(ratings)) {
      expect(await summaryRow(t, Number(id))).toEqual(await recounted(t, Number(id)));
      expect(r.average).toBeGreaterThanOrEqual(1);
      expect(r.average).toBeLessThanOrEqual(5);
    }
    const [id] = Object.entries(ratings).sort((a, b) => b[1].count - a[1].count)[0];
    const page = (await request(t.http).get(`/api/load/productReviews/${id}`)).body;
    expect(page.summary.count).toBe(ratings[id].count);
    expect(page.reviews.length).toBeGreaterThan(0);
    expect(page.reviews[0].display_name).toMatch(/^.\*\*$/u);
    expect(page.reviews[0].content).toMatch(/\p{Script=Han}/u);
  });

  it('keeps one review held for staff and one hidden; orders are delivered or completed, paid', async () => {
    const held = await ds.query("SELECT held_reason FROM reviews WHERE held = 1 AND is_visible = 1");
    expect(held).toEqual([{ held_reason: '含電話號碼' }]);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM reviews WHERE is_visible = 0'))[0].n)).toBe(1);
    const states: { status_name: string; payment_status: number }[] = await ds.query(
      'SELECT DISTINCT o.status_name, o.payment_status FROM orders o JOIN reviews r ON r.order_id = o.id',
    );
    for (const s of states) {
      expect(['delivered', 'completed']).toContain(s.status_name);
      expect(Number(s.payment_status)).toBe(1);
    }
    const mismatched = await ds.query('SELECT r.id FROM reviews r JOIN order_items i ON i.id = r.order_item_id JOIN orders o ON o.id = r.order_id WHERE i.product_id <> r.product_id OR o.user_id <> r.user_id OR i.order_id <> r.order_id');
    expect(mismatched).toEqual([]);
  });

  it('counts 已售出 from the seeded paid orders only (ADR 57), never a made-up figure', async () => {
    const rows: { id: number; sold_quantity: number; paid: number | string }[] = await ds.query(
      `SELECT p.id, p.sold_quantity, (SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE i.product_id = p.id AND o.payment_status = 1 AND i.line_kind <> 'gift') AS paid FROM products p`,
    );
    expect(rows.some((r) => Number(r.sold_quantity) > 0)).toBe(true);
    for (const r of rows) expect([r.id, Number(r.sold_quantity)]).toEqual([r.id, Number(r.paid)]);
  });
});
