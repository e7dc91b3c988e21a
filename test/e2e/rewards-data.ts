import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminApi } from './admin-catalog-data';
import { ADMIN, placeOrder, type PlacedOrder } from './admin-data';
import type { OutboxMessage } from './dev-outbox';
import type { ShopMember } from './shop-member';

/**
 * Data for the member-rewards browser tests (issue 21), made through the real API as staff and the
 * PAYUNi simulator would: 調整購物金 by the seeded owner, a cash-on-delivery order picked up at the
 * store (ticket created by staff, 已取件 on the logistics simulator, the status the shop was told),
 * a product made sold out and its stock raised again by staff.
 */

type NewContext = () => Promise<APIRequestContext>;

/** Runs `fn` as the seeded owner on a request context of its own (its CSRF token given). */
export async function asOwner<T>(newContext: NewContext, fn: (api: APIRequestContext, csrf: string) => Promise<T>): Promise<T> {
  const api = await newContext();
  try {
    return await fn(api, await adminApi(api, ADMIN));
  } finally {
    await api.dispose();
  }
}

async function adminPost(api: APIRequestContext, csrf: string, path: string, data: object): Promise<Record<string, unknown>> {
  const res = await api.post(path, { data, headers: { 'X-CSRF-Token': csrf } });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status(), `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

/** 調整購物金 (staff) for the member: `amount` points with a reason; answers the balance after. */
export async function givePoints(newContext: NewContext, member: ShopMember, amount: number): Promise<number> {
  return asOwner(newContext, async (api, csrf) => {
    const body = await adminPost(api, csrf, `/api/admin/members/${member.userId}/points`, { amount, reason: '瀏覽器測試贈點' });
    expect(body).toMatchObject({ success: true, message: '已調整購物金' });
    return Number(body.balance);
  });
}

/**
 * A cash-on-delivery order of one in-stock item to a 7-11 store, placed by `member` (logged in on
 * `api`), then picked up: staff create its C2C ticket, the logistics simulator moves it to 已取件 and
 * staff ask its status, so the shop records it delivered (and the cash collected).
 */
export async function deliveredOrder(newContext: NewContext, api: APIRequestContext, member: ShopMember): Promise<PlacedOrder> {
  const order = await placeOrder(api, member, { payment: 'cod', shipping: 1 });
  await asOwner(newContext, async (admin, csrf) => {
    const created = await adminPost(admin, csrf, '/api/admin/createShippingOrder', { order_id: order.orderId });
    let ticket = created.ticket as { id: number; ship_trade_no: string; status: string } | undefined;
    if (!ticket?.ship_trade_no) {
      // The ticket job had not answered yet: ask until it has (the screen polls the same way).
      await expect
        .poll(async () => {
          const got = await adminPost(admin, csrf, '/api/admin/getShippingTicket', { ticket_id: ticket?.id });
          ticket = got.ticket as typeof ticket;
          return ticket?.ship_trade_no ?? '';
        }, { timeout: 30_000, message: 'the shipping ticket number' })
        .not.toBe('');
    }
    const shipTradeNo = ticket!.ship_trade_no;
    const picked = await admin.post('/sim/payuni/sim/shipments/advance', { form: { ShipTradeNo: shipTradeNo, ShipStatus: '11' } });
    expect(picked.status()).toBe(200);
    await expect
      .poll(async () => {
        const status = await adminPost(admin, csrf, '/api/admin/getShippingStatus', { ship_trade_no: shipTradeNo });
        return JSON.stringify(status);
      }, { timeout: 20_000, message: `order ${order.orderId} delivered` })
      .toContain('delivered');
  });
  return order;
}

export interface SoldOut {
  productId: number;
  variantId: number;
  title: string;
}

export interface OwnVariant {
  variant_name: string;
  quantity: number;
  discount_price: number;
}

/**
 * A product made by staff for one test, with the variants (and stock) it names, so that no other
 * test running alongside buys from it or restocks it; answers its id and its variants' ids in order.
 */
export async function ownProduct(newContext: NewContext, title: string, variants: OwnVariant[]): Promise<{ productId: number; variantIds: number[] }> {
  return asOwner(newContext, async (api, csrf) => {
    const types = (await (await api.get('/api/admin/loadproducttypes')).json()) as { productTypes?: { id: number }[] };
    const listed = (await (await api.get('/api/load/loadProducts')).json()) as { products: { image_url: string }[] };
    const image = listed.products[0].image_url;
    const body = await adminPost(api, csrf, '/api/admin/createOrUpdateProduct', {
      seo_description: '',
      product_type: types.productTypes?.[0]?.id ?? 1,
      title,
      description: '瀏覽器測試用商品',
      unit: '瓶',
      image_url: image,
      is_active: 1,
      product_media: [{ media_url: image, ordering: 0 }],
      product_variants: variants.map((v) => ({ ...v, original_price: v.discount_price + 100 })),
    });
    const productId = Number(body.product_id);
    const row = await productRow(api, csrf, productId);
    const ids = new Map((row.product_variants as { id: number; variant_name: string }[]).map((v) => [v.variant_name, Number(v.id)]));
    return { productId, variantIds: variants.map((v) => ids.get(v.variant_name)!) };
  });
}

/** A product of one variant with no stock, made by staff for this test (so nothing else buys or restocks it). */
export async function soldOutProduct(newContext: NewContext, tag: string): Promise<SoldOut> {
  const title = `貨到通知測試精華 ${tag}`;
  const made = await ownProduct(newContext, title, [{ variant_name: '30ml', quantity: 0, discount_price: 880 }]);
  return { productId: made.productId, variantId: made.variantIds[0], title };
}

async function productRow(api: APIRequestContext, csrf: string, productId: number): Promise<Record<string, unknown>> {
  const list = await adminPost(api, csrf, '/api/admin/productslist', { searchKeyword: String(productId) });
  const row = (list.products as Record<string, unknown>[]).find((r) => r.product_id === productId);
  expect(row, `product ${productId} in the admin list`).toBeTruthy();
  return row!;
}

/** Staff save the product with `quantity` on its variant (the admin form's own call). */
export async function setStock(newContext: NewContext, p: SoldOut, quantity: number): Promise<void> {
  await asOwner(newContext, async (api, csrf) => {
    const row = await productRow(api, csrf, p.productId);
    const variants = (row.product_variants as Record<string, unknown>[]).map((v) => ({ ...v, quantity: v.id === p.variantId ? quantity : v.quantity }));
    await adminPost(api, csrf, '/api/admin/createOrUpdateProduct', { ...row, product_variants: variants });
  });
}

/** The first dev-outbox e-mail to `to` whose body holds `text` (the notice job runs in the background). */
export async function mailTo(request: APIRequestContext, to: string, text: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/outbox?channel=email');
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      found = messages.find((m) => m.to === to && m.body.includes(text));
      return Boolean(found);
    }, { timeout: 20_000, message: `a mail to ${to} with ${text}` })
    .toBe(true);
  return found!;
}

/** A 480×360 photo as a PNG file for the review's upload field. */
export async function reviewPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 236, g: 200, b: 190 } } }).png().toBuffer();
  return { name: 'my-serum.png', mimeType: 'image/png', buffer };
}

/** The member's balance as /points shows it. */
export async function pointsBalance(page: Page): Promise<number> {
  await page.goto('/points');
  const balance = page.getByTestId('points-balance');
  await expect(balance).toHaveText(/^[\d,]+$/);
  return Number((await balance.textContent())!.replace(/,/g, ''));
}
