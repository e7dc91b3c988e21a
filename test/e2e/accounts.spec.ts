import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { smsCode, type OutboxMessage } from './dev-outbox';
import { isMobile, keepScreenshot, openedDialog } from './nav';

/**
 * Member accounts in the browser (spec 1 §2, §4, §5, §8; spec 2 §2): registration with an SMS code
 * read from the dev outbox (the e2e server runs the SMS and mail log drivers), profile, address
 * book, logout, forgot password, login and its redirect rules, at desktop and phone widths. Every test uses its own fresh phone numbers (the
 * server caps codes per phone and per IP per day, and a phone gets one code per 60 s).
 */

/** A fresh Taiwan mobile number: 09, a digit 0–8, 7 digits, distinct per project and call. */
let serial = 0;
function freshPhone(testInfo: TestInfo): string {
  const project = isMobile(testInfo) ? 5 : 1;
  const tail = (Date.now() * 10 + (serial++ % 10)) % 10_000_000;
  return `09${(project + testInfo.workerIndex + serial) % 9}${String(tail).padStart(7, '0')}`;
}

/** The latest e-mail code sent to `to`. */
async function emailCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox?channel=email');
        const { messages } = (await res.json()) as { messages: OutboxMessage[] };
        code = /驗證碼為\s*(?:<[^>]+>)?(\d{6})/.exec(messages.find((m) => m.to === to)?.body ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 15_000, message: `an e-mail code for ${to}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * The member menu: the navbar dropdown on desktop, the hamburger drawer on phones. Opened again
 * until it shows: right after a login the navbar re-renders with the member (getuser), which may
 * swallow the first tap or hover.
 */
async function memberMenu(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    const drawer = page.locator('#ss-mobile-nav');
    const heading = drawer.getByRole('heading', { name: '會員' });
    await expect(async () => {
      if (!(await heading.isVisible())) await page.getByTestId('nav-burger').click();
      await expect(heading).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
    return drawer;
  }
  const menu = page.getByTestId('nav-member');
  await expect(async () => {
    await menu.getByRole('button', { name: '會員選單' }).hover();
    await expect(menu.getByRole('list')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  return menu;
}

/**
 * 登出 from the open member menu: the shop shows /login at once and then ends the session on the
 * server, so wait for that call (the next page.goto would cancel it).
 */
async function logout(page: Page, menu: Locator) {
  const ended = page.waitForResponse((r) => r.url().endsWith('/api/login/logout') && r.request().method() === 'POST');
  await menu.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await ended).ok()).toBe(true);
}

test.describe('member accounts', () => {
  test('register → profile → address book → logout → forgot password → login and its redirect rules', async ({ page, request }, testInfo) => {
    // A phone gets one code per resend wait (60 s; 20 s on the test server): the forgot-password send may wait out the registration's.
    test.setTimeout(240_000);
    const phone = freshPhone(testInfo);

    // Registration, step 1: phone → code (the send button counts down) → verify.
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: '會員註冊' })).toBeVisible();
    const phoneField = page.getByRole('textbox', { name: '手機號碼' });
    await phoneField.fill(phone);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/phone/sendcode') && r.request().method() === 'POST');
    await page.getByTestId('send-code').click();
    const countdown = page.getByRole('button', { name: /\d+ 秒後可重新發送/ });
    await expect(countdown).toBeDisabled();
    // The button counts down the server's resend wait (60 s in production, CODE_RESEND_SECONDS here).
    const { outtime } = (await (await answer).json()) as { outtime: number };
    const first = Number(/(\d+)/.exec((await countdown.textContent()) ?? '')![1]);
    expect(first).toBeLessThanOrEqual(outtime);
    expect(first).toBeGreaterThan(outtime - 10);
    await expect.poll(async () => Number(/(\d+)/.exec((await countdown.textContent()) ?? '0')![1]), { timeout: 5_000 }).toBeLessThan(first);
    const registration = await smsCode(request, phone);
    await page.getByRole('textbox', { name: '驗證碼' }).fill(registration.code);
    await page.getByTestId('verify-code').click();
    await expect(page.getByText('手機號碼已驗證，請設定登入密碼。')).toBeVisible();
    await expect(phoneField).toHaveAttribute('readonly', '');

    // Step 2: password + confirmation; the button waits for a valid, matching pair.
    const register = page.getByRole('button', { name: '註冊' });
    await page.getByLabel('密碼', { exact: true }).fill('first1pass');
    await page.getByLabel('確認密碼').fill('first1pasx');
    await expect(page.getByText('密碼與確認密碼不匹配')).toBeVisible();
    await expect(register).toBeDisabled();
    await page.getByLabel('確認密碼').fill('first1pass');
    await expect(register).toBeEnabled();
    await keepScreenshot(page, testInfo, 'register-password');
    await register.click();
    await expect(page).toHaveURL(/\/profile$/);

    // Logged in without a username yet: the member menu greets 會員.
    let menu = await memberMenu(page, testInfo);
    await expect(menu.getByTestId('nav-greeting')).toHaveText('您好，會員');
    await expect(menu.getByRole('link', { name: '修改密碼' })).toBeVisible();
    if (isMobile(testInfo)) await page.keyboard.press('Escape');

    // Profile: name, gender, birthday, and the e-mail the profile requires (set by an e-mail code).
    await expect(page.getByRole('heading', { name: '會員資料', level: 1 })).toBeVisible();
    await page.getByLabel('姓名').fill('王小明');
    await page.getByText('女', { exact: true }).click();
    await page.getByLabel('生日').fill('1990-05-20');
    await page.getByRole('button', { name: '設定 Email' }).click();
    const dialog = page.getByRole('dialog', { name: '變更 Email' });
    const email = `m${phone}@example.com`;
    await dialog.getByLabel('新 Email').fill(email);
    await dialog.getByLabel('新 Email').press('Enter');
    await expect(dialog.getByLabel('驗證碼')).toBeVisible();
    await dialog.getByLabel('驗證碼').fill(await emailCode(request, email));
    await dialog.getByLabel('驗證碼').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    // The "Email 已更新" notice closes after 2 s; then save the profile.
    await expect(page.getByTestId('account-notice')).toBeHidden({ timeout: 4000 });
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByTestId('account-notice')).toContainText('更新成功');
    menu = await memberMenu(page, testInfo);
    await expect(menu.getByTestId('nav-greeting')).toHaveText('您好，小明');
    if (isMobile(testInfo)) await page.keyboard.press('Escape');

    // Address book: a home address and a 7-11 store.
    await page.getByRole('navigation', { name: '會員功能' }).getByRole('link', { name: '地址簿' }).click();
    await expect(page.getByRole('heading', { name: '地址簿', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: '新增地址' }).click();
    let address = await openedDialog(page, /^新增地址/);
    await address.getByText('宅配到府', { exact: true }).click();
    await address.getByLabel('縣市').selectOption('臺北市');
    await address.getByLabel('鄉鎮市區').selectOption('大安區');
    await address.getByLabel('街道地址').fill('復興南路一段 1 號 3 樓');
    await address.getByLabel('街道地址').press('Enter');
    await expect(address).toBeHidden();
    await page.getByRole('button', { name: '新增地址' }).click();
    address = await openedDialog(page, /^新增地址/);
    await address.getByText('7-11', { exact: true }).click();
    await address.getByLabel('門市店號').fill('991182');
    await address.getByLabel('門市名稱').fill('大安門市');
    await address.getByLabel('門市地址').fill('臺北市大安區復興南路一段 2 號');
    await address.getByLabel('門市地址').press('Enter');
    await expect(address).toBeHidden();
    await expect(page.getByTestId('address-card')).toHaveCount(2);

    // A link to GET /api/login/logout (an image or a link on another site) logs nobody out.
    const byLink = await page.request.get('/api/login/logout');
    expect(byLink.status()).toBe(405);
    expect((await page.request.get('/api/login/getuser')).status()).toBe(200);

    // Logout from the member menu → /login, and the server session is gone.
    menu = await memberMenu(page, testInfo);
    await logout(page, menu);
    expect((await page.request.get('/api/login/getuser')).status()).toBe(401);

    // Forgot password: phone → code → new password → success → back to login.
    await page.getByRole('link', { name: '忘記密碼？' }).click();
    await expect(page).toHaveURL(/\/fpassword$/);
    // As for /register below: the login page's 帳號（手機號碼） matches 手機號碼 until this page shows.
    await expect(page.getByRole('heading', { name: '忘記密碼' })).toBeVisible();
    await page.getByLabel('手機號碼').fill(phone);
    await page.getByTestId('send-code').click();
    const codeField = page.getByRole('textbox', { name: '驗證碼' });
    // Within the registration code's resend wait the server refuses with its wait time; the button counts it down.
    const refused = page.getByTestId('forgot-error');
    await expect(codeField.or(refused)).toBeVisible();
    if (await refused.isVisible()) {
      await expect(refused).toContainText(/請於 \d+ 秒後再重新發送驗證碼/);
      await expect(page.getByTestId('send-code')).toBeDisabled();
      await expect(page.getByTestId('send-code')).toHaveText('發送驗證碼', { timeout: 70_000 });
      await page.getByTestId('send-code').click();
    }
    await expect(codeField).toBeVisible();
    const forgot = await smsCode(request, phone, registration.id);
    await codeField.fill(forgot.code === '000000' ? '111111' : '000000');
    await codeField.press('Enter');
    await expect(page.getByTestId('forgot-error')).toHaveText('驗證失敗，驗證碼錯誤或已過期');
    await codeField.fill(forgot.code);
    await codeField.press('Enter');
    await page.getByLabel('新密碼', { exact: true }).fill('second2pass');
    await page.getByLabel('確認新密碼').fill('second2pass');
    await page.getByRole('button', { name: '重設密碼' }).click();
    await expect(page.getByTestId('forgot-done')).toContainText('密碼已重設');
    await page.getByRole('button', { name: '返回登入' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does, and a complete profile goes home.
    await page.getByLabel('帳號（手機號碼）').fill(phone);
    await page.getByLabel('密碼', { exact: true }).fill('first1pass');
    await page.getByLabel('密碼', { exact: true }).press('Enter');
    await expect(page.getByTestId('login-error')).toHaveText('帳號或密碼錯誤');
    await page.getByLabel('密碼', { exact: true }).fill('second2pass');
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    menu = await memberMenu(page, testInfo);
    await expect(menu.getByTestId('nav-greeting')).toHaveText('您好，小明');

    // A member screen opened while logged out comes back after login (saved redirect path).
    await logout(page, menu);
    await page.goto('/address');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('帳號（手機號碼）').fill(phone);
    await page.getByLabel('密碼', { exact: true }).fill('second2pass');
    await page.getByLabel('密碼', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/address$/);
    await expect(page.getByTestId('address-card')).toHaveCount(2);
  });

  test('a wrong registration code shows the spec message; social logins without credentials are not offered', async ({ page, request }, testInfo) => {
    const phone = freshPhone(testInfo);
    const providers = page.waitForResponse((r) => r.url().endsWith('/api/login/providers'));
    await page.goto('/login');
    // This server has LINE Login (the local provider, test/e2e/server.mjs) but no Google or
    // Facebook credentials: only the LINE button.
    expect((await (await providers).json()).providers).toEqual({ google: false, facebook: false, line: true });
    await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
    await expect(page.getByTestId('social-login').getByRole('button', { name: /LINE/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Facebook|Google/ })).toHaveCount(0);
    await page.goto('/login?error=cancelled&provider=google');
    await expect(page.getByTestId('login-error')).toHaveText('已取消 Google 登入。');
    await keepScreenshot(page, testInfo, 'login');

    await page.getByRole('link', { name: '立即註冊' }).click();
    await expect(page).toHaveURL(/\/register$/);
    // The router moves the URL first and renders the new page in a transition: until the register form
    // shows, the login page (which has its own 手機號碼 field) may still be the one on screen.
    await expect(page.getByRole('heading', { name: '會員註冊' })).toBeVisible();
    await page.getByRole('textbox', { name: '手機號碼' }).fill('0812345678');
    await page.getByTestId('send-code').click();
    await expect(page.getByText('請輸入有效的手機號碼： 台灣手機範例：0912345678')).toBeVisible();
    await page.getByRole('textbox', { name: '手機號碼' }).fill(phone);
    await page.getByTestId('send-code').click();
    await expect(page.getByRole('button', { name: /\d+ 秒後可重新發送/ })).toBeDisabled();
    const { code } = await smsCode(request, phone);
    await page.getByRole('textbox', { name: '驗證碼' }).fill(code === '123456' ? '654321' : '123456');
    await page.getByTestId('verify-code').click();
    await expect(page.getByTestId('code-note')).toHaveText('驗證失敗，請重試！');
    await keepScreenshot(page, testInfo, 'register-wrong-code');
    await expect(page.getByRole('textbox', { name: '手機號碼' })).not.toHaveAttribute('readonly');
  });
});
