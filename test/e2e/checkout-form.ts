import { expect, type Locator, type Page } from '@playwright/test';
import { HOME_ADDRESS } from './admin-data';
import type { ShopMember } from './shop-member';

/** Steps of the checkout and /orders that several browser tests walk (issues 10, 20, 21). */

export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

const choice = (page: Page, group: string, label: string) => page.locator(`#co-${group}`).getByText(label, { exact: true });

/** The checkout's buyer and receiver (the profile), home delivery to a typed address, ATM, the member carrier. */
export async function fillCheckout(page: Page, member: ShopMember) {
  await expect(page.getByRole('heading', { name: '訂購人資料' })).toBeVisible();
  await expect(page.locator('#co-buy_name')).toHaveValue(member.username);
  await page.getByRole('checkbox', { name: '同訂購人資料' }).check();
  await expect(page.locator('#co-name')).toHaveValue(member.username);
  await choice(page, 'shipping', '宅配').click();
  await expect(page.locator('#co-shipping .ant-radio-wrapper-checked')).toContainText('宅配');
  const other = choice(page, 'address', '使用其他地址');
  if (await other.isVisible()) await other.click();
  await page.locator('#co-city').selectOption(HOME_ADDRESS.city);
  await page.locator('#co-district').selectOption(HOME_ADDRESS.district);
  await expect(page.locator('#co-zip')).toHaveValue(HOME_ADDRESS.zip);
  await page.locator('#co-street').fill(HOME_ADDRESS.street);
  await choice(page, 'payment', 'ATM 轉帳').click();
  await expect(page.locator('#co-payment .ant-radio-wrapper-checked')).toContainText('ATM 轉帳');
  await expect(page.locator('#co-bankCode')).toHaveValue('013');
  await choice(page, 'invoiceType', '個人電子發票').click();
  await choice(page, 'carrierType', '會員載具').click();
}

/** The money of the checkout once the quote answered: the total's text (NT$ 1,234). */
export async function checkoutTotal(page: Page): Promise<string> {
  const total = page.getByTestId('checkout-total');
  await expect(total).toHaveText(/^NT\$ [\d,]+$/);
  return (await total.textContent())!.trim();
}

export const orderRow = (page: Page, orderId: number) => page.getByTestId(`order-${orderId}`);

/** /orders with the order as its newest row. */
export async function openOrders(page: Page, orderId: number): Promise<Locator> {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: '我的訂單', level: 1 })).toBeVisible();
  const row = orderRow(page, orderId);
  await expect(row).toBeVisible();
  // Newest first.
  await expect(page.getByRole('list', { name: '訂單列表' }).locator(':scope > li').first()).toHaveAttribute('data-testid', `order-${orderId}`);
  return row;
}

/** 取消訂單 → the spec 1 §8 confirm dialog → 訂單已取消！ → the row shows 已取消. */
export async function cancelFromOrders(page: Page, row: Locator, orderId: number) {
  await row.getByRole('button', { name: '取消訂單' }).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText(`確定要取消訂單 #${orderId} 嗎？`);
  await expect(dialog.locator('.ant-modal-confirm-content')).toHaveText('訂單取消後將無法恢復！');
  await dialog.getByRole('button', { name: '確定取消' }).click();
  await expect(toast(page, '訂單已取消！')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('order-status')).toHaveText('已取消');
  await expect(row.getByRole('button', { name: '取消訂單' })).toHaveCount(0);
  await expect(row.getByTestId('pay-instructions')).toHaveCount(0);
  // The server says so too.
  await page.reload();
  await expect(orderRow(page, orderId).getByTestId('order-status')).toHaveText('已取消');
}

/** The order just placed, as its slip shows it. */
export interface Slip {
  orderId: number;
  merTradeNo: string;
}

/** The slip of the order just placed: its number, MerTradeNo, amount and method. */
export async function onSlip(page: Page, total: string, paymentLabel: string): Promise<Slip> {
  await expect(page).toHaveURL(/\/paymentSlip\?MerTradeNo=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '付款資訊', level: 1 })).toBeVisible();
  const idText = page.getByTestId('slip-order-id');
  await expect(idText).toHaveText(/^#\d+$/);
  const orderId = Number((await idText.textContent())!.slice(1));
  const merTradeNo = (await page.getByTestId('slip-mer-trade-no').textContent())!.trim();
  expect(new URL(page.url()).searchParams.get('MerTradeNo')).toBe(merTradeNo);
  await expect(page.getByTestId('slip-amount')).toHaveText(total);
  await expect(page.getByTestId('slip-payment')).toHaveText(paymentLabel);
  return { orderId, merTradeNo };
}
