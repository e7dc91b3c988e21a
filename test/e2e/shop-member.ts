import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { randomInt } from 'node:crypto';

/**
 * A member who can check out (name, e-mail and phone on the profile), made through the real API
 * flows: SMS code → register, then updateUser (Chinese name) and the e-mail change by code (the
 * codes read from the dev outbox). Calls go through the page's own request context, so the session
 * cookie is the page's.
 */

export interface ShopMember {
  userId: number;
  phone: string;
  password: string;
  username: string;
  email: string;
}

/** A fresh Taiwan mobile number (per-phone daily code caps). */
export const newPhone = () => `09${randomInt(0, 9)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

export async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/csrf-token');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

export async function post(request: APIRequestContext, path: string, data: object) {
  const res = await request.post(path, { data, headers: { 'X-CSRF-Token': await csrf(request) } });
  const body = (await res.json()) as { success: boolean; message?: string } & Record<string, unknown>;
  return { status: res.status(), body };
}

/** The latest 6-digit code the log drivers "sent" to `to` (GET /api/dev/outbox). */
export async function codeSentTo(request: APIRequestContext, channel: 'sms' | 'email', to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?channel=${channel}`);
        const { messages } = (await res.json()) as { messages: { to: string; body: string }[] };
        const message = messages.find((m) => m.to === to);
        code = message ? /(?:驗證碼：|驗證碼為\s*(?:<[^>]+>)?)(\d{6})/.exec(message.body)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000, message: `a ${channel} code for ${to}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Registers (and logs in) a member whose profile is complete enough to check out. */
export async function registerShopMember(request: APIRequestContext, username = '林小美'): Promise<ShopMember> {
  const phone = newPhone();
  const password = 'secret1';
  const sent = await post(request, '/api/phone/sendcode', { type: 'register', phone });
  expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ success: true });
  const code = await codeSentTo(request, 'sms', phone);
  expect((await post(request, '/api/phone/verifycode', { phone, code })).body).toMatchObject({ success: true });
  const registered = await post(request, '/api/user/register', { phone, password });
  expect(registered.body, JSON.stringify(registered.body)).toMatchObject({ success: true });
  const userId = (registered.body.user as { user_id: number }).user_id;

  const named = await post(request, '/api/user/updateUser', { username });
  expect(named.body, JSON.stringify(named.body)).toMatchObject({ success: true });
  const email = `buyer${phone}@example.com`;
  const mailSent = await post(request, '/api/email/send-code', { email });
  expect(mailSent.body, JSON.stringify(mailSent.body)).toMatchObject({ success: true });
  const mailCode = await codeSentTo(request, 'email', email);
  const changed = await post(request, '/api/user/updateEmail', { email, code: mailCode });
  expect(changed.body, JSON.stringify(changed.body)).toMatchObject({ success: true, email });
  return { userId, phone, password, username, email };
}

export async function login(request: APIRequestContext, member: ShopMember): Promise<void> {
  const res = await post(request, '/api/login/basic-login', { account: member.phone, password: member.password });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
}

// One member per project in this worker: SMS codes are capped per IP a day, so the browser
// tests do not register a member for every test. Each test logs in afresh (its own session).
const members = new Map<string, ShopMember>();

/** This project's shop member, registered on first use in this worker through `request` (which it then logs in). */
export async function ensureShopMember(request: APIRequestContext, testInfo: TestInfo): Promise<{ member: ShopMember; loggedIn: boolean }> {
  const key = testInfo.project.name;
  const known = members.get(key);
  if (known) return { member: known, loggedIn: false };
  const member = await registerShopMember(request);
  members.set(key, member);
  return { member, loggedIn: true };
}

/**
 * Logs the page in as this project's shop member, with an empty cart: the member is shared by
 * the worker's tests and the cart lives on the server (issue 22 §3), so what an earlier test left
 * there would be merged into this page's cart at its first look at the session (a badge of 2
 * after adding 1).
 */
export async function shopMember(page: Page, testInfo: TestInfo): Promise<ShopMember> {
  const { member, loggedIn } = await ensureShopMember(page.request, testInfo);
  if (!loggedIn) await login(page.request, member);
  await emptyServerCart(page.request);
  return member;
}

/** Removes every line of the logged-in member's server cart (PUT with each line at quantity 0, newer than it). */
export async function emptyServerCart(request: APIRequestContext): Promise<void> {
  const res = await request.get('/api/member/cart');
  expect(res.ok()).toBe(true);
  const { cartItems } = (await res.json()) as { cartItems: { product_id: number; variant_id: number }[] };
  if (cartItems.length === 0) return;
  const now = new Date().toISOString();
  const removals = cartItems.map((i) => ({ product_id: i.product_id, variant_id: i.variant_id, quantity: 0, updated_at: now }));
  const put = await request.put('/api/member/cart', { data: { cartItems: removals }, headers: { 'X-CSRF-Token': await csrf(request) } });
  expect(put.ok()).toBe(true);
  expect(((await put.json()) as { cartItems: unknown[] }).cartItems).toEqual([]);
}
