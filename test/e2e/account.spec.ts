import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { keepScreenshot, openedDialog } from './nav';

/**
 * Member account screens (spec 2 §2–5, spec 1 §5): profile, e-mail change, address book and change
 * password, for a member registered through the real API flow (SMS code from the dev outbox).
 * The calls go through the page's own request context, so its session cookie is the page's.
 */

/** A fresh Taiwan mobile number per test (per-phone daily code caps). */
const newPhone = () => `09${randomInt(0, 9)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/csrf-token');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

async function post(request: APIRequestContext, path: string, data: object) {
  const res = await request.post(path, { data, headers: { 'X-CSRF-Token': await csrf(request) } });
  const body = (await res.json()) as { success: boolean; message?: string } & Record<string, unknown>;
  return { status: res.status(), body };
}

/** The latest 6-digit code the log drivers "sent" to `to` (GET /api/dev/outbox). */
async function codeSentTo(request: APIRequestContext, channel: 'sms' | 'email', to: string): Promise<string> {
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
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Registration as the register screen does it: code by SMS, verify, register (logs in). */
async function registerMember(page: Page, password = 'secret1') {
  const request = page.request;
  const phone = newPhone();
  const sent = await post(request, '/api/phone/sendcode', { type: 'register', phone });
  expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ success: true });
  const code = await codeSentTo(request, 'sms', phone);
  expect((await post(request, '/api/phone/verifycode', { phone, code })).body).toMatchObject({ success: true });
  const registered = await post(request, '/api/user/register', { phone, password });
  expect(registered.body).toMatchObject({ success: true });
  return { phone, password, userId: (registered.body.user as { user_id: number }).user_id };
}

const notice = (page: Page) => page.getByTestId('account-notice');

test.describe('member account', () => {
  // Registration, codes through the job queue and several saves: slower than a page walk on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('profile: Chinese name, gender, birthday; e-mail and phone change by code; Escape resets the modal', async ({ page }, testInfo) => {
    const { phone, userId } = await registerMember(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: '會員資料', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^會員資料 \| /);
    await expect(page.getByTestId('profile-user-id')).toHaveText(String(userId));
    await expect(page.getByTestId('profile-account')).toHaveText(phone);
    await expect(page.getByTestId('profile-phone')).toHaveText(phone);

    const name = page.getByLabel('姓名');
    const save = page.getByRole('button', { name: '儲存' });
    await name.fill('Ming');
    await save.click();
    await expect(page.getByText('會員姓名須為中文！')).toBeVisible();
    // Every error shows; the first (no e-mail yet, in the account card at the top) gets the focus on
    // what fixes it, below the sticky header (issue 20: a press must not seem to do nothing).
    await expect(page.getByText('請輸入Email！')).toBeVisible();
    await expect(page.getByRole('button', { name: '設定 Email' })).toBeFocused();

    await name.fill('王小明');
    await page.getByText('女', { exact: true }).click();
    await page.getByLabel('生日').fill('1990-05-20');
    await name.press('Enter');
    // A member registered by phone has no e-mail yet: the profile asks for it (spec 2 §5).
    await expect(page.getByText('請輸入Email！')).toBeVisible();

    // Escape closes the e-mail modal and forgets what was typed.
    await page.getByRole('button', { name: '設定 Email' }).click();
    let dialog = page.getByRole('dialog', { name: '變更 Email' });
    await dialog.getByLabel('新 Email').fill('typo@example');
    await dialog.getByLabel('新 Email').press('Enter');
    await expect(dialog.getByText('Email 格式不正確')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: '設定 Email' }).click();
    dialog = page.getByRole('dialog', { name: '變更 Email' });
    await expect(dialog.getByLabel('新 Email')).toHaveValue('');
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    const email = `m${phone}@example.com`;
    await dialog.getByLabel('新 Email').fill(email);
    await dialog.getByLabel('新 Email').press('Enter');
    const codeInput = dialog.getByLabel('驗證碼');
    await expect(codeInput).toBeVisible();
    await expect(dialog.getByRole('button', { name: /重新發送（\d+ 秒）/ })).toBeDisabled();
    const code = await codeSentTo(page.request, 'email', email);
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await codeInput.press('Enter');
    await expect(dialog.getByText('驗證失敗')).toBeVisible();
    await codeInput.fill(code);
    await codeInput.press('Enter');
    await expect(notice(page)).toContainText('Email 已更新');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByText('請輸入Email！')).toHaveCount(0);
    await expect(notice(page)).toBeHidden({ timeout: 4000 });

    // Phone change: the code goes to the new number.
    const newNumber = newPhone();
    await page.getByRole('button', { name: '變更手機' }).click();
    dialog = page.getByRole('dialog', { name: '變更手機號碼' });
    await dialog.getByLabel('新的手機號碼').fill(phone);
    await dialog.getByLabel('新的手機號碼').press('Enter');
    await expect(dialog.getByText('無法與當前手機相同')).toBeVisible();
    await dialog.getByLabel('新的手機號碼').fill(newNumber);
    await dialog.getByLabel('新的手機號碼').press('Enter');
    await dialog.getByLabel('驗證碼').fill(await codeSentTo(page.request, 'sms', newNumber));
    await dialog.getByLabel('驗證碼').press('Enter');
    await expect(notice(page)).toContainText('手機號碼已更新');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('profile-phone')).toHaveText(newNumber);
    await expect(notice(page)).toBeHidden({ timeout: 4000 });

    await save.click();
    await expect(notice(page)).toContainText('更新成功');
    await keepScreenshot(page, testInfo, 'profile');

    await page.reload();
    await expect(page.getByLabel('姓名')).toHaveValue('王小明');
    await expect(page.getByRole('radio', { name: '女' })).toBeChecked();
    await expect(page.getByLabel('生日')).toHaveValue('1990-05-20');
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('profile-phone')).toHaveText(newNumber);
  });

  test('address book: a home address and a 7-11 store survive a reload; change password', async ({ page, playwright, baseURL }, testInfo) => {
    const { phone, password } = await registerMember(page);
    await page.goto('/address');
    await expect(page.getByRole('heading', { name: '地址簿', level: 1 })).toBeVisible();
    await expect(page.getByText(/尚未儲存任何地址/)).toBeVisible();

    await page.getByRole('button', { name: '新增地址' }).click();
    let dialog = await openedDialog(page, /^新增地址/);
    await dialog.getByText('宅配到府', { exact: true }).click();
    await dialog.getByLabel('縣市').selectOption('臺北市');
    await dialog.getByLabel('鄉鎮市區').selectOption('大安區');
    await expect(dialog.getByLabel('郵遞區號')).toHaveValue('106');
    await dialog.getByLabel('街道地址').fill('復興南路一段 1 號 3 樓');
    await dialog.getByLabel('街道地址').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('address-card')).toHaveCount(1);

    await page.getByRole('button', { name: '新增地址' }).click();
    dialog = await openedDialog(page, /^新增地址/);
    await dialog.getByText('7-11', { exact: true }).click();
    await dialog.getByLabel('門市店號').fill('991182');
    await dialog.getByRole('button', { name: '儲存' }).click();
    await expect(dialog.getByText('第 2 筆超商地址 (店名) 不可為空')).toBeVisible();
    await dialog.getByLabel('門市名稱').fill('大安門市');
    await dialog.getByLabel('門市地址').fill('臺北市大安區復興南路一段 2 號');
    await dialog.getByLabel('門市地址').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('address-card')).toHaveCount(2);
    await keepScreenshot(page, testInfo, 'address-book');

    await page.reload();
    const texts = page.getByTestId('address-text');
    await expect(texts).toHaveCount(2);
    await expect(texts.filter({ hasText: '106 臺北市大安區復興南路一段 1 號 3 樓' })).toHaveCount(1);
    await expect(texts.filter({ hasText: '大安門市（991182）' })).toHaveCount(1);

    // Change password, then the new one logs in and the old one no longer does.
    await page.goto('/cpassword');
    await page.getByLabel('當前密碼').fill(password);
    await page.getByLabel('新密碼', { exact: true }).fill(password);
    await page.getByLabel('確認新密碼').fill(password);
    await page.getByLabel('確認新密碼').press('Enter');
    await expect(page.getByText('當前密碼與新密碼不允許相同。')).toBeVisible();
    await page.getByLabel('新密碼', { exact: true }).fill('newpass2');
    await page.getByLabel('確認新密碼').fill('newpass2');
    await page.getByRole('button', { name: '確認修改' }).click();
    await expect(notice(page)).toContainText('變更成功！');
    await expect(notice(page)).toContainText('密碼修改成功！');
    await expect(notice(page)).toBeHidden({ timeout: 4000 });

    const other = await playwright.request.newContext({ baseURL });
    try {
      expect((await post(other, '/api/login/basic-login', { account: phone, password })).body.success).toBe(false);
      expect((await post(other, '/api/login/basic-login', { account: phone, password: 'newpass2' })).body).toMatchObject({ success: true });
    } finally {
      await other.dispose();
    }
  });

  test('logged out, the account screens send the shopper to /login', async ({ page }) => {
    await page.goto('/address');
    await expect(page).toHaveURL(/\/login$/);
  });
});
