import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { placeOrder } from './admin-data';
import { anyInStock, findProduct } from './catalog-data';
import { toast } from './checkout-form';
import { keepShot } from './nav';
import { asOwner, mailTo } from './rewards-data';
import { csrf, login, post, registerShopMember, type ShopMember } from './shop-member';

/**
 * Reaching shoppers lawfully (issue 22), what only a browser shows: the cookie banner and what it
 * lets load, 綁定 LINE through LINE Login and order news on the LINE simulator, a cart reminder
 * arriving (and its one-click unsubscribe), 下載我的資料 and 刪除帳號, and a product's cosmetics
 * label fields. The rules behind them are API tests (test/api/line-reach, member-cart, privacy,
 * analytics, compliance).
 */

/** A member of its own (deletion and consent change it), logged in on the page. */
async function freshMember(page: Page): Promise<ShopMember> {
  const member = await registerShopMember(page.request, '周小晴');
  await login(page.request, member);
  return member;
}

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByTestId('notification-card')).toBeVisible();
}

const GA4 = 'G-E2ETEST01';

/** GA4 on for the shop (left on: every other test's shopper has already answered the banner). */
async function measureWithGa4(newContext: () => Promise<APIRequestContext>): Promise<void> {
  await asOwner(newContext, async (api, token) => {
    const { settings } = (await (await api.get('/api/admin/loadsettings')).json()) as { settings: Array<{ id: number; s_key: string }> };
    const id = settings.find((s) => s.s_key === 'GA4_ID')?.id;
    expect(id, 'the GA4_ID setting').toBeDefined();
    const res = await api.post('/api/admin/updatesettings', { data: { s_id: id, s_value: GA4 }, headers: { 'X-CSRF-Token': token } });
    expect(res.status(), await res.text()).toBe(200);
  });
}

test.describe('reaching shoppers (issue 22)', () => {
  test.describe('the cookie banner', () => {
    // A first visit: no choice stored yet.
    test.use({ storageState: { cookies: [], origins: [] } });

    test('nothing loads before a choice; 設定 closes on Escape; 拒絕 is remembered; 接受 loads the tag and the product view is measured', async ({ page, playwright, baseURL }, testInfo) => {
      await measureWithGa4(() => playwright.request.newContext({ baseURL }));
      // The tag is Google's (the machine has no internet): served here, every request counted.
      const tagRequests: string[] = [];
      await page.route('https://www.googletagmanager.com/**', (route) => {
        tagRequests.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: '/* gtag stub */' });
      });

      await page.goto('/');
      const banner = page.getByTestId('consent-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toBeInViewport({ ratio: 1 });
      await keepShot(page, testInfo, 'consent-banner');
      expect(tagRequests).toEqual([]);
      await expect(page.locator('script[data-analytics]')).toHaveCount(0);

      await banner.getByRole('button', { name: '設定' }).click();
      const settings = page.getByRole('dialog', { name: 'Cookie 設定' });
      await expect(settings.getByRole('switch', { name: '分析 Cookie' })).toHaveAttribute('aria-checked', 'false');
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();
      await banner.getByRole('button', { name: '拒絕' }).click();
      await expect(banner).toBeHidden();
      await page.reload();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByTestId('consent-banner')).toHaveCount(0);
      expect(tagRequests).toEqual([]);

      // Changing one's mind from the footer: 接受 loads the tag at once.
      await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie 設定' }).click();
      await settings.getByRole('switch', { name: '分析 Cookie' }).click();
      await settings.getByRole('button', { name: '儲存設定' }).click();
      await expect.poll(() => tagRequests.some((u) => u.includes(`id=${GA4}`))).toBe(true);

      // A product view is an e-commerce event with its item, in NT$.
      const { product } = await findProduct(page.request, anyInStock);
      await page.goto(`/product/${product.product_id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect
        .poll(() =>
          page.evaluate(() =>
            ((window as unknown as { dataLayer?: unknown[][] }).dataLayer ?? [])
              .map((args) => Array.from(args))
              .some((a) => a[0] === 'event' && a[1] === 'view_item' && (a[2] as { currency?: string }).currency === 'TWD'),
          ),
        )
        .toBe(true);
    });
  });

  test('綁定 LINE on the LINE Login simulator befriends the shop; with 通知方式 LINE an order is told on LINE', async ({ page }, testInfo) => {
    const member = await freshMember(page);
    await openProfile(page);
    const card = page.getByTestId('line-card');
    await expect(card.getByTestId('line-status')).toHaveText(/尚未綁定 LINE/);
    await card.getByRole('button', { name: '綁定 LINE' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(card.getByTestId('line-note')).toHaveText('已綁定 LINE');
    await expect(card.getByTestId('line-status')).toHaveText('已綁定 LINE，並已加入官方帳號好友。');

    const notify = page.getByTestId('notification-card');
    await notify.getByRole('radio', { name: 'LINE' }).check();
    await expect(toast(page, '已更新通知設定')).toBeVisible();
    await keepShot(page, testInfo, 'reach-profile-line');

    const { preferences } = (await (await page.request.get('/api/member/preferences')).json()) as { preferences: { line_user_id: string } };
    const order = await placeOrder(page.request, member, { payment: 'atm' });
    // The news goes out as a job: wait for LINE to have it, then look at the member's chat.
    await expect
      .poll(async () => {
        const res = await page.request.get(`/sim/line/messages.json?to=${preferences.line_user_id}`);
        const { messages } = (await res.json()) as { messages: Array<{ text: string }> };
        return messages.some((m) => m.text.includes(order.merTradeNo));
      }, { timeout: 20_000, message: `LINE news of ${order.merTradeNo}` })
      .toBe(true);
    await page.goto('/sim/line/');
    const chat = page.locator(`[data-line-user="${preferences.line_user_id}"]`);
    await expect(chat).toContainText('好友');
    await expect(chat.getByTestId('line-message').filter({ hasText: order.merTradeNo })).toContainText('已成立');
    await keepShot(page, testInfo, 'reach-line-simulator');
  });

  test('a cart left with marketing consent gets one reminder e-mail; its link unsubscribes without logging in', async ({ page, browser }, testInfo) => {
    const member = await freshMember(page);
    await openProfile(page);
    const emailSwitch = page.getByRole('switch', { name: 'Email 優惠通知' });
    await emailSwitch.click();
    await expect(emailSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(toast(page, '已更新通知設定')).toBeVisible();

    // The cart as the shop keeps it for the member (the browser writes it the same way).
    const { product, variant } = await findProduct(page.request, anyInStock);
    const put = await page.request.put('/api/member/cart', {
      data: { cartItems: [{ product_id: product.product_id, variant_id: variant.variant_id, quantity: 2, updated_at: new Date().toISOString() }] },
      headers: { 'X-CSRF-Token': await csrf(page.request) },
    });
    expect(put.status(), await put.text()).toBe(200);

    const mail = await mailTo(page.request, member.email, '/cart');
    expect(mail.body).toContain(product.title);
    const unsubscribe = /https?:\/\/\S+\/unsubscribe\/[\w.-]+/.exec(mail.body)?.[0];
    expect(unsubscribe, mail.body).toBeDefined();

    // Opened from the mail in another browser: no login needed.
    const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const other = await stranger.newPage();
      await other.goto(new URL(unsubscribe!).pathname);
      await expect(other.getByText('已取消訂閱')).toBeVisible();
      await keepShot(other, testInfo, 'reach-unsubscribed');
    } finally {
      await stranger.close();
    }
    await openProfile(page);
    await expect(page.getByRole('switch', { name: 'Email 優惠通知' })).toHaveAttribute('aria-checked', 'false');
  });

  test('下載我的資料 gives the member’s JSON; 刪除帳號 asks for the password, then logs out and the login fails', async ({ page }, testInfo) => {
    const member = await freshMember(page);
    await openProfile(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下載我的資料' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^skinshop-my-data-\d{8}\.json$/);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text).toContain(member.phone);
    expect(text).toContain(member.email);
    expect(text).not.toMatch(/password_hash|\$argon2/);

    await page.getByRole('button', { name: '刪除帳號' }).click();
    const dialog = page.getByRole('dialog', { name: '刪除帳號' });
    await expect(dialog).toContainText('依稅法須保存的訂單與發票紀錄會保留');
    await keepShot(page, testInfo, 'reach-delete-account');
    await dialog.getByLabel('請輸入密碼以確認').fill('wrong-pass1');
    await dialog.getByRole('button', { name: '確認刪除帳號' }).click();
    await expect(dialog.getByTestId('delete-error')).toHaveText('密碼錯誤');
    await dialog.getByLabel('請輸入密碼以確認').fill(member.password);
    await dialog.getByRole('button', { name: '確認刪除帳號' }).click();
    await expect(toast(page, '帳號已刪除')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const again = await post(page.request, '/api/login/basic-login', { account: member.phone, password: member.password });
    expect(again.body.success).toBe(false);
  });

  test('a product page shows the cosmetics label fields on its 規格說明 tab', async ({ page }, testInfo) => {
    const { product } = await findProduct(page.request, anyInStock);
    await page.goto(`/product/${product.product_id}`);
    await page.getByRole('tab', { name: '規格說明' }).click();
    const facts = page.getByTestId('cosmetics-facts');
    await expect(facts).toBeVisible();
    for (const label of ['化粧品產品登錄編號', '全成分', '容量', '保存期限', '產地', '製造或輸入業者']) await expect(facts.getByText(label, { exact: true })).toBeVisible();
    await facts.scrollIntoViewIfNeeded();
    await keepShot(page, testInfo, 'reach-cosmetics');
  });
});
