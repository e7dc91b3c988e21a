import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../../src/common/events/domain-events';
import { BrowserSession } from '../../src/modules/auth/testing/browser-session';
import { CouponCode } from '../../src/modules/promotions/entities/coupon-code.entity';
import { Promotion } from '../../src/modules/promotions/entities/promotion.entity';
import type { TestApp } from '../helpers/test-app';
import type { Shopper, TestVariant } from './checkout-fixtures';
import { NEUTRAL_PROMOTION } from '../../src/common/validation/promotion-rules';

/**
 * Promotions for the quote, checkout and race API tests (test/api/promotions-*.api-spec.ts), written
 * straight through the repository (the admin API is tested on its own) and announced with
 * `promotions.changed`, as staff writes are, so the quote's cached live promotions follow at once.
 */

/** The fields of a promotion a test cares about; the rest are the neutral defaults below. */
export type PromotionFields = Partial<Omit<Promotion, 'id' | 'created_at' | 'updated_at'>> & Pick<Promotion, 'kind'>;

let seq = 0;

export async function promotion(app: INestApplication, fields: PromotionFields): Promise<Promotion> {
  const repo = app.get(DataSource).getRepository(Promotion);
  const saved = await repo.save(
    repo.create({
      name: `活動 ${++seq}`,
      ...NEUTRAL_PROMOTION,
      gift_stock: 0,
      used_count: 0,
      ...fields,
    }),
  );
  await changed(app, [saved.id]);
  return saved;
}

/** Switches every promotion off (the demo seed's too): each test starts from none. */
export async function noPromotions(app: INestApplication): Promise<void> {
  await app.get(DataSource).query('UPDATE promotions SET is_active = 0');
  await changed(app, []);
}

/** Changes a promotion's columns and announces it. */
export async function setPromotion(app: INestApplication, id: number, set: Partial<Promotion>): Promise<void> {
  await app.get(DataSource).getRepository(Promotion).update({ id }, set);
  await changed(app, [id]);
}

export async function promotionRow(app: INestApplication, id: number): Promise<{ used_count: number; gift_stock: number }> {
  const [r] = await app.get(DataSource).query('SELECT used_count, gift_stock FROM promotions WHERE id = ?', [id]);
  return { used_count: Number(r.used_count), gift_stock: Number(r.gift_stock) };
}

/** Unique codes of a promotion (coupon_mode unique), stored upper-case. */
export async function uniqueCodes(app: INestApplication, promotionId: number, codes: string[]): Promise<CouponCode[]> {
  const repo = app.get(DataSource).getRepository(CouponCode);
  return repo.save(codes.map((code) => repo.create({ promotion_id: promotionId, code: code.toUpperCase(), used_by_order_id: null, used_at: null })));
}

export async function codeRow(app: INestApplication, code: string): Promise<{ used_by_order_id: number | null }> {
  const [r] = await app.get(DataSource).query('SELECT used_by_order_id FROM coupon_codes WHERE code = ?', [code.toUpperCase()]);
  return { used_by_order_id: r.used_by_order_id === null ? null : Number(r.used_by_order_id) };
}

export async function memberUses(app: INestApplication, promotionId: number, userId: number): Promise<number> {
  const rows: { used: number }[] = await app.get(DataSource).query('SELECT used FROM promotion_member_uses WHERE promotion_id = ? AND user_id = ?', [promotionId, userId]);
  return rows.length ? Number(rows[0].used) : 0;
}

/** promotion_uses rows of an order (what it took). */
export async function usesOfOrder(
  app: INestApplication,
  orderId: number,
): Promise<{ promotion_id: number; coupon_code_id: number | null; code: string; counted: number; gift: number; discount: number; released: boolean }[]> {
  const rows: Record<string, unknown>[] = await app
    .get(DataSource)
    .query('SELECT promotion_id, coupon_code_id, code, counted, gift, discount, released_at FROM promotion_uses WHERE order_id = ? ORDER BY promotion_id', [orderId]);
  return rows.map((r) => ({
    promotion_id: Number(r.promotion_id),
    coupon_code_id: r.coupon_code_id === null ? null : Number(r.coupon_code_id),
    code: String(r.code),
    counted: Number(r.counted),
    gift: Number(r.gift),
    discount: Number(r.discount),
    released: r.released_at !== null,
  }));
}

async function changed(app: INestApplication, promotionIds: number[]): Promise<void> {
  await app.get(DomainEvents).publish('promotions.changed', { promotionIds });
}

/** A visitor's browser (no login). */
export function visitor(t: TestApp): BrowserSession {
  return new BrowserSession(request.agent(t.http));
}

export type Line = { v: Pick<TestVariant, 'productId' | 'variantId'>; quantity: number };

/** `POST /api/cart/quote` as the client sends it. */
export function quote(who: BrowserSession | Shopper, lines: Line[], extra: Record<string, unknown> = {}) {
  const b = who instanceof BrowserSession ? who : who.b;
  return b.post('/api/cart/quote', { cartItems: lines.map((l) => ({ product_id: l.v.productId, variant_id: l.v.variantId, quantity: l.quantity })), shipping: 4, ...extra });
}

/** The product type (category) of a product. */
export async function productType(app: INestApplication, productId: number): Promise<number | null> {
  const [r] = await app.get(DataSource).query('SELECT product_type FROM products WHERE id = ?', [productId]);
  return r.product_type === null ? null : Number(r.product_type);
}
