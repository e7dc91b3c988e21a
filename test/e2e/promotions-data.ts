import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { adminApi } from './admin-catalog-data';
import { ADMIN, HOME_ADDRESS } from './admin-data';
import { findProduct, type Pick, type Variant } from './catalog-data';
import { csrf, post, type ShopMember } from './shop-member';
import { NEUTRAL_PROMOTION } from '../../src/common/validation/promotion-rules';

/**
 * Data for the promotion browser tests (issue 20): promotions made by the seeded owner through the
 * admin API, the shop's own quote (POST /api/cart/quote) and orders placed with a code through
 * submitOrder. Everything made here has a code (it applies only when typed) and a unique name, so
 * the other files running beside these see the demo shop's promotions unchanged.
 */

/** Upper-case letters and digits, `n` of them (codes and names that never collide between runs). */
export const tag = (n = 6) =>
  randomBytes(n)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .padEnd(n, 'X')
    .slice(0, n);

/** A promotion body as POST /api/admin/promotions takes it: an automatic one on everything, active now. */
export function promotionBody(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    ...NEUTRAL_PROMOTION,
    name: `E2E ${tag()}`,
    kind: 'amount_off',
    ...overrides,
  };
}

/** Creates a promotion as the seeded owner on a request context of its own; answers its id. */
export async function createPromotion(newContext: () => Promise<APIRequestContext>, overrides: Record<string, unknown>): Promise<number> {
  const api = await newContext();
  try {
    const token = await adminApi(api, ADMIN);
    const res = await api.post('/api/admin/promotions', { data: promotionBody(overrides), headers: { 'X-CSRF-Token': token } });
    const body = (await res.json()) as { success: boolean; id?: number };
    expect(body, JSON.stringify(body)).toMatchObject({ success: true });
    return body.id!;
  } finally {
    await api.dispose();
  }
}

/** A saved promotion as the admin API reads it (through `request`, signed in as staff). */
export async function adminPromotionNamed(request: APIRequestContext, name: string): Promise<Record<string, unknown> & { id: number }> {
  const res = await request.get(`/api/admin/promotions?keyword=${encodeURIComponent(name)}&limit=20&offset=0`);
  expect(res.ok(), await res.text()).toBe(true);
  const { promotions } = (await res.json()) as { promotions: (Record<string, unknown> & { id: number; name: string })[] };
  const found = promotions.filter((p) => p.name === name);
  expect(found, `one promotion named ${name}`).toHaveLength(1);
  return found[0];
}

export interface QuoteAdjustment {
  kind: string;
  label: string;
  amount: number;
}
export interface Quote {
  success: boolean;
  message?: string;
  lines: { product_id: number; variant_id: number; amount: number; line_kind: string; title: string }[];
  adjustments: QuoteAdjustment[];
  gifts: { title: string; variant_name: string; available: boolean }[];
  coupon: { code: string; applied: boolean; message?: string } | null;
  subtotal: number;
  shipping_fee: number;
  freeShipping: boolean;
  totalAmount: number;
}

/** The shop's quote of these lines (shipping 4 = 宅配), as the cart and checkout ask it. */
export async function quote(api: APIRequestContext, cartItems: { product_id: number; variant_id: number; quantity: number }[], couponCode?: string): Promise<Quote> {
  const { body } = await post(api, '/api/cart/quote', { cartItems, shipping: 4, ...(couponCode ? { couponCode } : {}) });
  expect(body, JSON.stringify(body)).toMatchObject({ success: true });
  return body as unknown as Quote;
}

/** Product (and category) ids an automatic promotion of the demo shop is limited to: lines there may get more than 滿千折百. */
async function scopedProducts(request: APIRequestContext): Promise<{ products: Set<number>; categories: Set<number> }> {
  const res = await request.get('/api/load/promotions');
  expect(res.ok()).toBe(true);
  const { promotions } = (await res.json()) as { promotions: { scope: string; product_ids: number[]; category_ids: number[]; needs_code: boolean }[] };
  const products = new Set<number>();
  const categories = new Set<number>();
  for (const p of promotions.filter((x) => !x.needs_code)) {
    if (p.scope === 'products') p.product_ids.forEach((id) => products.add(id));
    if (p.scope === 'categories') p.category_ids.forEach((id) => categories.add(id));
  }
  return { products, categories };
}

/**
 * Two products of the demo seed for the free-shipping walk: `first` alone stays under NT$ 1,000
 * (no amount-off of the seed reaches it, so the cart is short of 宅配's free threshold by exactly
 * threshold − price), and with `second` the goods come to NT$ 1,800 or more, enough after any
 * automatic discount and a small code for free shipping and the 滿 1500 gift. Neither is in a
 * category or product list a seeded automatic promotion is limited to (bundles, 防曬季).
 */
export async function freeShippingPair(request: APIRequestContext): Promise<{ first: Pick; second: Pick }> {
  const scoped = await scopedProducts(request);
  const plain = (productId: number, type: number | null) => !scoped.products.has(productId) && !(type !== null && scoped.categories.has(type));
  const first = await findProduct(request, (vs, p) => (plain(p.product_id, p.product_type) ? vs.find((v) => v.stock > 1 && v.discount_price >= 300 && v.discount_price <= 900) : undefined));
  const second = await findProduct(request, (vs, p) =>
    p.product_id !== first.product.product_id && plain(p.product_id, p.product_type)
      ? vs.find((v) => v.stock > 1 && first.variant.discount_price + v.discount_price >= 1800)
      : undefined,
  );
  return { first, second };
}

/** A shipping method of the shop (GET /api/load/shipping). */
export async function shippingMethod(request: APIRequestContext, id: number): Promise<{ id: number; name: string; shipping_cost: number; free_shipping_threshold: number }> {
  const res = await request.get('/api/load/shipping');
  const { shippingMethods } = (await res.json()) as { shippingMethods: { id: number; name: string; shipping_cost: number; free_shipping_threshold: number }[] };
  const method = shippingMethods.find((m) => m.id === id);
  expect(method, `shipping method ${id}`).toBeTruthy();
  return method!;
}

/** Adds `pick` from its product page (the UI); the cart badge then reads `count`. */
export async function addFromProductPage(page: Page, pick: Pick, count: number): Promise<void> {
  await page.goto(`/product/${pick.product.product_id}`);
  await expect(page.getByRole('heading', { name: pick.product.title, level: 1 })).toBeVisible();
  if (pick.variants.length > 1) await page.locator('.ss-purchase .ss-variant-name').getByText(pick.variant.variant_name, { exact: true }).click();
  await page.getByTestId('purchase-actions').getByRole('button', { name: /加入購物車/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(String(count));
}

/** [label, amount] of each discount row under `rows` (the checkout's or the slip's). */
export async function discountRows(rows: Locator): Promise<string[][]> {
  const out: string[][] = [];
  for (const row of await rows.all()) {
    const cells = await row.locator(':scope > *').allTextContents();
    out.push(cells.map((c) => c.trim()));
  }
  return out;
}

/** A variant of a product named by the admin pickers: `title｜variant（NT$ 1,280）`. */
export const variantLabel = (pick: { product: { title: string }; variant: Variant }) =>
  `${pick.product.title}｜${pick.variant.variant_name}（NT$ ${pick.variant.discount_price.toLocaleString('zh-TW')}）`;

/** An in-stock product of the seed whose title is unique (a picker's search finds only it). */
export async function pickerProduct(request: APIRequestContext, skip: number[] = []): Promise<Pick> {
  return findProduct(request, (vs, p) => (skip.includes(p.product_id) ? undefined : vs.find((v) => v.stock > 1)));
}

export interface CodeOrder {
  orderId: number;
  merTradeNo: string;
  total: number;
  discount: number;
  revenue: number;
}

/**
 * An order of one unit of `pick` with `code`, placed by `member` (logged in on `api`) through
 * submitOrder at the quoted total (宅配, ATM): what the promotion's report should count.
 */
export async function orderWithCode(api: APIRequestContext, member: ShopMember, pick: Pick, code: string): Promise<CodeOrder> {
  const cartItems = [{ product_id: pick.product.product_id, variant_id: pick.variant.variant_id, quantity: 1 }];
  const q = await quote(api, cartItems, code);
  expect(q.coupon, JSON.stringify(q.coupon)).toMatchObject({ code, applied: true });
  const discount = -q.adjustments.filter((a) => a.kind === 'coupon').reduce((s, a) => s + a.amount, 0);
  expect(discount).toBeGreaterThan(0);
  const res = await api.post('/api/order/submitOrder', {
    data: {
      buy_name: member.username,
      buy_phone: member.phone,
      buy_email: member.email,
      name: '陳美麗',
      phone: '0911222333',
      shipping: 4,
      ...HOME_ADDRESS,
      deliveryTimeSlot: '04',
      payment: 'atm',
      bankCode: '013',
      invoiceType: 'personal',
      carrierType: 'amego',
      cartItems,
      couponCode: code,
      totalAmount: q.totalAmount,
    },
    headers: { 'X-CSRF-Token': await csrf(api), 'Idempotency-Key': `e2e-${randomBytes(10).toString('hex')}` },
  });
  const answer = (await res.json()) as { success: boolean; resData?: { order_id: number; MerTradeNo: string } };
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return {
    orderId: answer.resData!.order_id,
    merTradeNo: answer.resData!.MerTradeNo,
    total: q.totalAmount,
    discount,
    revenue: q.lines.reduce((s, l) => s + l.amount, 0),
  };
}
