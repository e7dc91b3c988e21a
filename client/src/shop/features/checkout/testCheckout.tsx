import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { vi } from 'vitest';
import type { AddressView } from '@api/account';
import type { QuoteRequest } from '@api/promotions';
import type { RootState } from '../../../app/store';
import { mockApi, renderRoutes } from '../../../test/render';
import { completeMember } from '../auth/testUsers';
import type { UserProfile } from '../auth/userTypes';
import { initialCartState, type CartItem } from '../cart/cartSlice';
import { fakeQuote, type FakeShop } from '../cart/testQuote';
import CheckoutPage from './CheckoutPage';
import CvsResultPage from './CvsResultPage';

/**
 * The checkout's client tests share these: a member with saved addresses, the cart, the server's
 * answers (the real ones: test/api/checkout*.api-spec.ts, promotions-*.api-spec.ts) and the steps to a valid form.
 */

export const serum: CartItem = {
  product_id: 1, variant_id: 11, variant_name: '30ml', title: '玻尿酸精華', description: '', image_url: '/media/1.webp', discount_price: 1280, quantity: 1,
};
export const cream: CartItem = { ...serum, product_id: 2, variant_id: 0, variant_name: '', title: '修護霜', discount_price: 450, quantity: 2 };

export const row = (extra: Partial<AddressView>): AddressView => ({
  id: 1, user_id: 7, shipping_type: 'home', city: '', district: '', zip: '', street: '', store_id: '', store_name: '', store_addr: '', is_default: 0, ...extra,
});
export const savedHome = row({ id: 1, city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號', is_default: 1 });
export const savedSeven = row({ id: 2, shipping_type: 'seven', store_id: '991182', store_name: '大安門市', store_addr: '臺北市大安區', is_default: 1 });

export const SHIPPING = [
  { id: 1, name: '7-11', icon_url: '', shipping_cost: 60, free_shipping_threshold: 1000 },
  { id: 2, name: '全家', icon_url: '', shipping_cost: 60, free_shipping_threshold: 1000 },
  { id: 3, name: '萊爾富', icon_url: '', shipping_cost: 60, free_shipping_threshold: 1000 },
  { id: 4, name: '宅配', icon_url: '', shipping_cost: 100, free_shipping_threshold: 3000 },
  { id: 5, name: '離島宅配', icon_url: '', shipping_cost: 200, free_shipping_threshold: 0 },
];
export const PAYMENTS = [
  { method_code: 'atm', method_label: 'ATM 轉帳' },
  { method_code: 'credit', method_label: '信用卡' },
  { method_code: 'linepay', method_label: 'LINE Pay' },
  { method_code: 'cvs', method_label: '超商代碼' },
  { method_code: 'cod', method_label: '貨到付款' },
];

export type Answer = { status?: number; json: unknown };

/** The shop the fake quote prices with (a test may change it before or during its run); fresh before each test. */
export let shop: FakeShop;
export function resetShop(): void {
  shop = { prices: { '1:11': 1280, '2:0': 450 }, shipping: SHIPPING.map((m) => ({ id: m.id, cost: m.shipping_cost, threshold: m.free_shipping_threshold })) };
}
resetShop();

/** Stand-ins for the server's answers (the real ones: test/api/checkout*.api-spec.ts). */
export function server(user: UserProfile | null, extra: Record<string, (body: unknown) => Answer | undefined> = {}) {
  let current = user;
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/login/getuser': () => (current ? { json: { success: true, user: current } } : { status: 401, json: { success: false, message: '請先登入' } }),
    'GET /api/load/shipping': () => ({ json: { success: true, shippingMethods: SHIPPING } }),
    'GET /api/load/payment': () => ({ json: { success: true, paymentMethods: PAYMENTS } }),
    'POST /api/cart/quote': (body) => ({ json: fakeQuote(body as QuoteRequest, shop) }),
    'POST /api/user/updateAddresses': (body) => {
      const rows = (body as { addresses: AddressView[] }).addresses.map((r, i) => ({ ...r, id: i + 1, user_id: 7 }));
      if (current) current = { ...current, addresses: rows };
      return { json: { success: true, message: '更新成功', addresses: rows } };
    },
    ...extra,
  });
}

export const slipRoute = { path: '/paymentSlip', element: <div>payment slip</div> };
export function renderCheckout(preloaded: Partial<RootState>, path = '/checkout') {
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/checkoutCvsResult', element: <CvsResultPage /> },
      { path: '/login', element: <div>login page</div> },
      { path: '/profile', element: <div>profile page</div> },
      { path: '/products', element: <div>products page</div> },
      slipRoute,
    ],
    { path, preloaded },
  );
}

export const withCart = (user: UserProfile | null, items: CartItem[] = [serum, cream], shippingMethodId: number | null = null): Partial<RootState> => ({
  cart: { ...initialCartState, items, shippingMethodId },
  session: { isLoggedIn: user !== null, user, redirectPath: '' },
});

export const me = (extra: Partial<UserProfile> = {}) => completeMember({ addresses: [savedHome, savedSeven], ...extra });

export const submitCalls = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/order/submitOrder').map((c) => c.body as Record<string, unknown>);
export const idempotencyKeys = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([input]) => input as Request)
    .filter((r) => r instanceof Request && r.url.endsWith('/api/order/submitOrder'))
    .map((r) => r.headers.get('Idempotency-Key'));

/** The page is ready: the form, the shipping and payment methods, and (unless told otherwise) the quote's total. */
export async function ready({ quoted = true }: { quoted?: boolean } = {}) {
  await screen.findByRole('heading', { name: '訂購人資料' });
  await screen.findByRole('radio', { name: /^宅配/ });
  await screen.findByRole('radio', { name: /ATM 轉帳/ });
  if (quoted) await screen.findByTestId('checkout-total');
}

/** Fills a valid order (same as buyer, home delivery to the saved address, member carrier) and picks `payment`. */
export async function fillValid(user: ReturnType<typeof userEvent.setup>, payment: RegExp, wait: { quoted?: boolean } = {}) {
  await ready(wait);
  await user.click(screen.getByRole('checkbox', { name: '同訂購人資料' }));
  await user.click(screen.getByRole('radio', { name: payment }));
  if (screen.queryByRole('radio', { name: '會員載具' })) await user.click(screen.getByRole('radio', { name: '會員載具' }));
}

