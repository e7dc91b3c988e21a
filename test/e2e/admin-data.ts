import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { anyInStock, findProduct } from './catalog-data';
import { csrf, type ShopMember } from './shop-member';

/**
 * Data for the back-office browser tests, made through the real API as a shopper would: an order
 * placed by the member (submitOrder, the server's own total), paid on the PAYUNi simulator
 * (the card page's form, or the ATM account) and confirmed paid by the member's order view.
 */

/** The seeded owner (playwright.config.ts sets ADMIN_INITIAL_PASSWORD for the test server). */
export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-1234' };

export const HOME_ADDRESS = { city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號 3 樓' };

export interface PlacedOrder {
  orderId: number;
  merTradeNo: string;
  total: number;
  receiver: string;
}

interface SubmitAnswer {
  success: boolean;
  message?: string;
  totalAmount?: number;
  resData?: { order_id: number; MerTradeNo: string };
  result?: { go_url: string; body: Record<string, string> };
}

async function submitOrder(api: APIRequestContext, body: Record<string, unknown>): Promise<{ status: number; answer: SubmitAnswer }> {
  const res = await api.post('/api/order/submitOrder', {
    data: body,
    headers: { 'X-CSRF-Token': await csrf(api), 'Idempotency-Key': `e2e-${randomBytes(10).toString('hex')}` },
  });
  return { status: res.status(), answer: (await res.json()) as SubmitAnswer };
}

/**
 * Places an order of one in-stock item for `member` (logged in on `api`): home delivery to
 * HOME_ADDRESS, or a 7-11 store. The total is the server's (a first submit with 0 is refused
 * with the right total, which the second one sends, as the checkout page does after a change).
 */
export async function placeOrder(
  api: APIRequestContext,
  member: ShopMember,
  { payment, shipping = 4, receiver = '陳美麗' }: { payment: 'credit' | 'atm' | 'cod'; shipping?: 1 | 4; receiver?: string },
): Promise<PlacedOrder & { gateway?: { go_url: string; body: Record<string, string> } }> {
  const pick = await findProduct(api, anyInStock);
  const where =
    shipping === 4
      ? { ...HOME_ADDRESS, deliveryTimeSlot: '04' }
      : { store_id: '155139', store_name: '信義松仁門市', store_addr: '台北市信義區松仁路58號' };
  const body: Record<string, unknown> = {
    buy_name: member.username,
    buy_phone: member.phone,
    buy_email: member.email,
    name: receiver,
    phone: '0911222333',
    shipping,
    ...where,
    payment,
    ...(payment === 'atm' ? { bankCode: '013' } : {}),
    invoiceType: 'personal',
    carrierType: 'amego',
    cartItems: [{ product_id: pick.product.product_id, variant_id: pick.variant.variant_id, quantity: 1 }],
    totalAmount: 0,
  };
  let { answer } = await submitOrder(api, body);
  if (!answer.success && typeof answer.totalAmount === 'number') {
    body.totalAmount = answer.totalAmount;
    ({ answer } = await submitOrder(api, body));
  }
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return {
    orderId: answer.resData!.order_id,
    merTradeNo: answer.resData!.MerTradeNo,
    total: Number(body.totalAmount),
    receiver,
    gateway: answer.result,
  };
}

/**
 * Pays an order on the PAYUNi simulator: a card order's hosted page is opened with the form the
 * checkout posts, then 付款成功 (in a page of its own); ATM and CVS through the simulator's pay page.
 */
export async function payOnSimulator(page: Page, order: PlacedOrder & { gateway?: { go_url: string; body: Record<string, string> } }): Promise<void> {
  const sim = await page.context().newPage();
  try {
    if (order.gateway) {
      // The checkout's auto-submitted form to the hosted card page (UPP).
      await sim.goto('/api/health');
      await sim.evaluate(({ go_url, body }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = go_url;
        for (const [k, v] of Object.entries(body)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = k;
          input.value = v;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }, order.gateway);
      await expect(sim.getByRole('heading', { name: '模擬付款' })).toBeVisible();
    } else {
      await sim.goto(`/sim/payuni/sim/pay?MerTradeNo=${encodeURIComponent(order.merTradeNo)}`);
    }
    await sim.getByRole('button', { name: '付款成功' }).click();
    // The simulator notifies the shop by itself (NotifyURL); where the browser goes next does not matter here.
    await expect(sim.getByRole('button', { name: '付款成功' })).toHaveCount(0);
  } finally {
    await sim.close();
  }
}

/** Waits until the member's view of the order says paid (the simulator's notify reached the shop). */
export async function expectPaid(api: APIRequestContext, merTradeNo: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await api.get(`/api/order/getOrderAndDetails/${encodeURIComponent(merTradeNo)}`);
        return ((await res.json()) as { order?: { payment_status: number } }).order?.payment_status;
      },
      { timeout: 20_000, message: `order ${merTradeNo} paid` },
    )
    .toBe(1);
}

/** Signs the seeded owner in through the login page; lands on 訂單管理. */
export async function adminLogin(page: Page) {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel('帳號').fill(ADMIN.username);
  await page.getByLabel('密碼').fill(ADMIN.password);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: '訂單管理', level: 1 })).toBeVisible();
}
