import { expect, test, type Page } from '@playwright/test';
import { anyInStock, findProduct, type Pick } from './catalog-data';
import { keepShot, openedDialog } from './nav';
import { shopMember, type ShopMember } from './shop-member';

/**
 * Issue 19 §6 in the browser, on the desktop and at 390×844: a card payment that fails on the
 * simulator's 「模擬付款」 page leaves the order 待付款 with 重新付款 and 更換付款方式 on the slip and in
 * /orders; the cart is kept until the order is paid. 重新付款 opens the card page again (a new
 * gateway number, `<order>R2`); 更換付款方式 → ATM issues an account that the simulator then pays.
 */

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
const choice = (page: Page, group: string, label: string) => page.locator(`#co-${group}`).getByText(label, { exact: true });
const HOME = { city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號 3 樓' };

async function addToCart(page: Page): Promise<Pick> {
  const pick = await findProduct(page.request, anyInStock);
  await page.goto(`/product/${pick.product.product_id}`);
  await expect(page.getByRole('heading', { name: pick.product.title, level: 1 })).toBeVisible();
  if (pick.variants.length > 1) await page.locator('.ss-purchase .ss-variant-name').getByText(pick.variant.variant_name, { exact: true }).click();
  await page.getByTestId('purchase-actions').getByRole('button', { name: /加入購物車/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  return pick;
}

/** Cart → checkout (home delivery, 信用卡, member carrier) → 送出訂單 → the simulator's card page → 付款失敗 → the slip. */
async function failedCardOrder(page: Page, member: ShopMember): Promise<{ orderId: number; merTradeNo: string; total: string }> {
  await page.goto('/cart');
  await page.getByRole('link', { name: '前往結帳' }).click();
  await expect(page.getByRole('heading', { name: '訂購人資料' })).toBeVisible();
  await page.getByRole('checkbox', { name: '同訂購人資料' }).check();
  await expect(page.locator('#co-name')).toHaveValue(member.username);
  await choice(page, 'shipping', '宅配').click();
  const other = choice(page, 'address', '使用其他地址');
  if (await other.isVisible()) await other.click();
  await page.locator('#co-city').selectOption(HOME.city);
  await page.locator('#co-district').selectOption(HOME.district);
  await expect(page.locator('#co-zip')).toHaveValue(HOME.zip);
  await page.locator('#co-street').fill(HOME.street);
  await choice(page, 'payment', '信用卡').click();
  await expect(page.locator('#co-payment .ant-radio-wrapper-checked')).toContainText('信用卡');
  await choice(page, 'invoiceType', '個人電子發票').click();
  await choice(page, 'carrierType', '會員載具').click();
  const total = (await page.getByTestId('checkout-total').textContent())!.trim();
  await page.getByRole('button', { name: '送出訂單' }).click();

  await expect(page).toHaveURL(/\/sim\/payuni\/api\/upp/);
  await expect(page.getByRole('heading', { name: '模擬付款' })).toBeVisible();
  const merTradeNo = (await page.getByTestId('mer-trade-no').textContent())!.trim();
  await page.getByRole('button', { name: '付款失敗' }).click();

  await expect(page).toHaveURL(new RegExp(`/paymentSlip\\?MerTradeNo=${merTradeNo}$`), { timeout: 20_000 });
  const idText = page.getByTestId('slip-order-id');
  await expect(idText).toHaveText(/^#\d+$/);
  return { orderId: Number((await idText.textContent())!.slice(1)), merTradeNo, total };
}

/** The slip of a failed card payment: 待付款, 付款失敗, both actions, the cart kept. */
async function expectRetryOffered(page: Page) {
  await expect(page.getByTestId('slip-order-status')).toHaveText('待付款');
  await expect(page.getByTestId('slip-payment-status')).toHaveText('付款失敗');
  const retry = page.getByTestId('payment-retry');
  await expect(retry).toContainText('付款失敗或尚未完成，訂單仍保留中。');
  await expect(retry).toContainText(/請於 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 前重新付款或更換付款方式/);
  await expect(retry.getByRole('button', { name: '重新付款' })).toBeVisible();
  await expect(retry.getByRole('button', { name: '更換付款方式' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

async function expectCartEmpty(page: Page) {
  await expect(page.getByTestId('cart-count')).toBeHidden();
  const stored = await page.evaluate(() => localStorage.getItem('skinshop.cart'));
  expect((JSON.parse(stored ?? '{"items":[]}') as { items: unknown[] }).items).toEqual([]);
}

test.describe('retry a failed card payment (issue 19 §6)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('付款失敗 keeps the order 待付款 with the cart; 重新付款 opens the card page again (R2) and 付款成功 pays it', async ({ page }, testInfo) => {
    const member = await shopMember(page, testInfo);
    await addToCart(page);
    const { merTradeNo, total } = await failedCardOrder(page, member);
    await expectRetryOffered(page);
    await keepShot(page, testInfo, 'retry-slip-failed');

    await page.getByTestId('payment-retry').getByRole('button', { name: '重新付款' }).click();
    await expect(page).toHaveURL(/\/sim\/payuni\/api\/upp/);
    await expect(page.getByRole('heading', { name: '模擬付款' })).toBeVisible();
    await expect(page.getByTestId('mer-trade-no')).toHaveText(`${merTradeNo}R2`);
    await expect(page.getByTestId('amount')).toHaveText(total);
    await page.getByRole('button', { name: '付款成功' }).click();

    // Back on the order's own slip, paid; the cart is done with now.
    await expect(page).toHaveURL(new RegExp(`/paymentSlip\\?MerTradeNo=${merTradeNo}$`), { timeout: 20_000 });
    await expect(page.getByTestId('slip-payment-status')).toHaveText('已付款', { timeout: 20_000 });
    await expect(page.getByTestId('slip-note')).toContainText('付款完成，感謝您的訂購！');
    await expect(page.getByTestId('payment-retry')).toHaveCount(0);
    await expectCartEmpty(page);
  });

  test('更換付款方式 from /orders: the dialog lists the other methods, ATM with its bank issues an account, paid on the simulator', async ({ page }, testInfo) => {
    const member = await shopMember(page, testInfo);
    await addToCart(page);
    const { orderId, merTradeNo, total } = await failedCardOrder(page, member);
    await expectRetryOffered(page);

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: '我的訂單', level: 1 })).toBeVisible();
    const row = page.getByTestId(`order-${orderId}`);
    await expect(row.getByTestId('order-status')).toHaveText('待付款');
    await expect(row.getByTestId('payment-status')).toHaveText('付款失敗');
    await row.scrollIntoViewIfNeeded();
    await keepShot(page, testInfo, 'retry-orders-row');
    await row.getByTestId('payment-retry').getByRole('button', { name: '更換付款方式' }).click();
    const dialog = await openedDialog(page, '更換付款方式');
    const methods = dialog.getByRole('radiogroup', { name: '付款方式' });
    await expect(methods.getByRole('radio')).toHaveCount(4);
    for (const label of ['ATM 轉帳', 'LINE Pay', '超商代碼', '貨到付款']) await expect(methods.getByText(label, { exact: true })).toBeVisible();
    await expect(methods.getByText('信用卡', { exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: '確認更換' })).toBeDisabled();
    await methods.getByText('ATM 轉帳', { exact: true }).click();
    const banks = dialog.getByRole('radiogroup', { name: '轉帳銀行' });
    await expect(banks.getByRole('radio', { checked: true })).toHaveCount(1);
    await banks.getByText('822 中國信託', { exact: true }).click();
    await keepShot(page, testInfo, 'retry-change-dialog');
    await dialog.getByRole('button', { name: '確認更換' }).click();

    await expect(toast(page, '付款方式已更新')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('order-payment')).toHaveText('ATM 轉帳');
    await expect(row.getByTestId('payment-status')).toHaveText('未付款');
    await expect(row.getByTestId('pay-instructions')).toContainText('822');
    await expect(row.getByTestId('payment-retry')).toHaveCount(0);

    // Pay the account on the simulator's page, as a shopper would from a bank.
    const bank = await page.context().newPage();
    await bank.goto(`/sim/payuni/sim/pay?MerTradeNo=${encodeURIComponent(`${merTradeNo}R2`)}`);
    await expect(bank.getByRole('heading', { name: '模擬付款' })).toBeVisible();
    await expect(bank.getByTestId('amount')).toHaveText(total);
    await bank.getByRole('button', { name: '付款成功' }).click();
    await expect(bank.getByRole('heading', { name: '付款成功' })).toBeVisible();
    await bank.close();

    await page.goto(`/paymentSlip?MerTradeNo=${merTradeNo}`);
    await expect(page.getByTestId('slip-payment-status')).toHaveText('已付款', { timeout: 20_000 });
    await expect(page.getByTestId('slip-payment')).toHaveText('ATM 轉帳');
  });
});
