import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { feeFor, homeCod, shippingMethod, submit, type Shopper, type TestVariant } from './checkout-fixtures';
import type { TestApp } from '../helpers/test-app';

/** Fixtures of the reviews API tests (test/api/reviews*.api-spec.ts). */

const DAY_MS = 24 * 3600_000;

/** A datetime(3) value both databases read as UTC. */
export const sqlTime = (d: Date): string => d.toISOString().replace('T', ' ').replace('Z', '');

/**
 * An order of `lines` placed through submitOrder (cash on delivery), then moved to `status` with
 * delivered_at `daysAgo` days back (the shipping flow that gets it there is tested elsewhere).
 * Answers the order id and its item ids in line order.
 */
export async function deliveredOrder(
  t: TestApp,
  s: Shopper,
  lines: TestVariant[],
  opts: { daysAgo?: number; status?: 'delivered' | 'completed' | 'pending' | 'shipped' } = {},
): Promise<{ orderId: number; itemIds: number[] }> {
  const ds = t.app.get(DataSource);
  const m = await shippingMethod(t.app, 4);
  const subtotal = lines.reduce((n, v) => n + v.price, 0);
  const r = await submit(s, homeCod(s, lines.map((v) => ({ v, quantity: 1 })), subtotal + feeFor(m, subtotal)));
  if (r.status !== 200) throw new Error(`submitOrder: ${r.status} ${JSON.stringify(r.body)}`);
  const orderId = Number(r.body.resData.order_id);
  const status = opts.status ?? 'delivered';
  if (status !== 'pending') {
    const at = status === 'shipped' ? null : sqlTime(new Date(Date.now() - (opts.daysAgo ?? 1) * DAY_MS));
    await ds.query('UPDATE orders SET status_name = ?, delivered_at = ?, completed_at = ? WHERE id = ?', [status, at, status === 'completed' ? at : null, orderId]);
  }
  const items: { id: number }[] = await ds.query('SELECT id FROM order_items WHERE order_id = ? ORDER BY id', [orderId]);
  return { orderId, itemIds: items.map((i) => Number(i.id)) };
}

/**
 * `n` more lines like order item `itemId` in its order (the same product bought again in one order
 * is one line with a quantity; reviews are per line, so the tests that need many reviews of one
 * product copy a real line).
 */
export async function copiesOf(t: TestApp, itemId: number, n: number): Promise<number[]> {
  const ds = t.app.get(DataSource);
  const ids: number[] = [itemId];
  for (let i = 0; i < n; i++) {
    await ds.query(
      `INSERT INTO order_items (order_id, product_id, variant_id, title, variant_name, image_url, price, quantity, discount, amount, line_kind, promotion_id)
       SELECT order_id, product_id, variant_id, title, variant_name, image_url, price, quantity, discount, amount, line_kind, promotion_id FROM order_items WHERE id = ?`,
      [itemId],
    );
    const [row] = await ds.query('SELECT MAX(id) AS id FROM order_items');
    ids.push(Number(row.id));
  }
  return ids;
}

/** A real PNG (`w`×`h`). */
export function pngBytes(w = 64, h = 48, color = '#e0a0b0'): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } }).png().toBuffer();
}

/** POST /api/member/reviews/photos as the browser sends it (multipart `file`, CSRF token). */
export async function uploadPhoto(s: Shopper, bytes: Buffer, name = 'photo.png') {
  const token = await s.b.csrfToken();
  return s.b.agent.post('/api/member/reviews/photos').set('X-Forwarded-For', s.b.ip).set('X-CSRF-Token', token).attach('file', bytes, name);
}

export const GOOD_TEXT = '質地清爽好吸收，用了兩週膚況穩定很多';

export async function summaryRow(t: TestApp, productId: number): Promise<Record<string, number>> {
  const rows: Record<string, unknown>[] = await t.app
    .get(DataSource)
    .query('SELECT count, rating_sum, star1, star2, star3, star4, star5, with_photos FROM review_summaries WHERE product_id = ?', [productId]);
  const r = rows[0] ?? {};
  const out: Record<string, number> = {};
  for (const k of ['count', 'rating_sum', 'star1', 'star2', 'star3', 'star4', 'star5', 'with_photos']) out[k] = Number(r[k] ?? 0);
  return out;
}

/** The summary recounted from the reviews table (what the kept row must equal). */
export async function recounted(t: TestApp, productId: number): Promise<Record<string, number>> {
  const rows: Record<string, unknown>[] = await t.app.get(DataSource).query(
    `SELECT COUNT(*) AS count, COALESCE(SUM(rating), 0) AS rating_sum,
       SUM(CASE WHEN rating = 1 THEN 1 ELSE 0 END) AS star1, SUM(CASE WHEN rating = 2 THEN 1 ELSE 0 END) AS star2,
       SUM(CASE WHEN rating = 3 THEN 1 ELSE 0 END) AS star3, SUM(CASE WHEN rating = 4 THEN 1 ELSE 0 END) AS star4,
       SUM(CASE WHEN rating = 5 THEN 1 ELSE 0 END) AS star5, SUM(has_photos) AS with_photos
     FROM reviews WHERE product_id = ? AND is_visible = 1 AND held = 0`,
    [productId],
  );
  const r = rows[0];
  const out: Record<string, number> = {};
  for (const k of ['count', 'rating_sum', 'star1', 'star2', 'star3', 'star4', 'star5', 'with_photos']) out[k] = Number(r[k] ?? 0);
  return out;
}
