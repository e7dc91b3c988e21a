import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { nt } from './catalog-data';
import { keepScreenshot, keepShot } from './nav';
import { addFromProductPage, createPromotion, discountRows, freeShippingPair, shippingMethod, tag } from './promotions-data';
import { checkoutTotal, fillCheckout } from './checkout-form';
import { shopMember } from './shop-member';

/**
 * Issue 20 for the shopper, on the desktop and on a phone: the cart's 還差 NT$ n 享免運 with its bar
 * goes once an item is added (免運, the 滿 1500 gift listed); at checkout a wrong code is refused
 * under the box and stays typed, a valid one shows its discount; the quoted total is paid by ATM on
 * the PAYUNi simulator; the slip lists the same discounts and the same total. Products come from
 * the demo seed; the code is a fresh shared code made through the admin API for this test.
 */

/** Types `code` in the 折扣碼 box and presses 套用. */
async function applyCode(page: Page, code: string) {
  const box = page.getByTestId('coupon-box');
  const input = box.getByRole('textbox', { name: '折扣碼' });
  await input.fill(code);
  await box.getByRole('button', { name: '套用' }).click();
}

const shot = async (page: Page, testInfo: TestInfo, name: string) => {
  await keepShot(page, testInfo, name);
  await keepScreenshot(page, testInfo, `${name}-full`);
};

test.describe('promotions for the shopper (issue 20)', () => {
  // A member, two product pages, the quote asked at each step and the simulator's payment.
  test.describe.configure({ timeout: 150_000 });

  test('free shipping reached by adding an item (the gift too); a wrong code refused, a fresh one applied; ATM pays the quoted total; the slip shows the same discounts and total', async ({ page, playwright, baseURL }, testInfo) => {
    const code = `E2E-${tag(8)}`;
    const codeName = `E2E 結帳折扣碼 ${code.slice(4)}`;
    const codeValue = 88;
    await createPromotion(() => playwright.request.newContext({ baseURL }), {
      name: codeName,
      kind: 'amount_off',
      stackable: 1,
      tiers: [{ threshold: 500, value: codeValue }],
      coupon_mode: 'shared',
      shared_code: code,
    });
    const member = await shopMember(page, testInfo);
    const { first, second } = await freeShippingPair(page.request);
    const home = await shippingMethod(page.request, 4);
    expect(first.variant.discount_price).toBeLessThan(home.free_shipping_threshold);

    // One item: the cart (宅配, the default) is short of free shipping by the rest of the threshold.
    await addFromProductPage(page, first, 1);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line').filter({ hasText: first.product.title })).toBeVisible();
    const hints = page.getByTestId('quote-hints');
    const missing = home.free_shipping_threshold - first.variant.discount_price;
    await expect(hints.getByTestId('quote-hint').first()).toHaveText(`還差 ${nt(missing)} 享免運`);
    const bar = hints.getByRole('progressbar', { name: '免運進度' });
    await expect(bar).toHaveAttribute('aria-valuenow', String(Math.floor((first.variant.discount_price / home.free_shipping_threshold) * 100)));
    await expect(page.getByTestId('cart-fee')).toHaveText(nt(home.shipping_cost));
    await expect(page.getByTestId('cart-total')).toHaveText(nt(first.variant.discount_price + home.shipping_cost));
    await expect(page.getByTestId('quote-gift')).toHaveCount(0);
    await shot(page, testInfo, 'promo-cart-short');

    // Another item: free shipping, and the 滿 1500 gift is listed.
    await addFromProductPage(page, second, 2);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-fee')).toHaveText('免運');
    await expect(hints.getByText('已享免運', { exact: true })).toBeVisible();
    await expect(hints.getByText(/^還差 .*享免運$/)).toHaveCount(0);
    await expect(bar).toHaveCount(0);
    const gift = page.getByTestId('quote-gift');
    await expect(gift).toHaveCount(1);
    await expect(gift).toContainText('贈品');
    await expect(gift).toContainText('旅行組');
    await expect(gift).toContainText('× 1');
    // The best automatic discount of the seed (滿千折百, or 9 折 from NT$ 2,000) is a line of the cart's money.
    await expect(page.getByTestId('cart-adjustment')).toHaveCount(1);
    await expect(page.getByTestId('cart-adjustment')).toContainText(/^(滿千折百|全館 9 折（最高折 NT\$300）)−NT\$ [\d,]+$/);
    await shot(page, testInfo, 'promo-cart-free');

    // Checkout: a code that does not exist stays typed with 折扣碼不存在 under the box; the money does not move.
    await page.getByRole('link', { name: '前往結帳' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await fillCheckout(page, member);
    await expect(page.getByTestId('checkout-fee')).toHaveText('免運');
    const before = await checkoutTotal(page);
    const items = page.getByTestId('checkout-item');
    await expect(items.filter({ hasText: '贈品' })).toContainText('旅行組');
    const wrong = `NOPE-${tag(6)}`;
    await applyCode(page, wrong);
    const box = page.getByTestId('coupon-box');
    await expect(box.getByTestId('coupon-message')).toHaveText('折扣碼不存在');
    await expect(box.getByRole('textbox', { name: '折扣碼' })).toHaveValue(wrong);
    await expect(box.getByRole('textbox', { name: '折扣碼' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('checkout-total')).toHaveText(before);
    await shot(page, testInfo, 'promo-checkout-refused');

    // The fresh code: applied, its discount is a line of the summary and the total drops by it.
    await applyCode(page, code.toLowerCase());
    await expect(box.getByTestId('coupon-applied')).toHaveText(`已套用折扣碼 ${code}，折抵 −${nt(codeValue)}`);
    await expect(box.getByTestId('coupon-message')).toHaveCount(0);
    const codeRow = page.getByTestId('checkout-adjustment').filter({ hasText: codeName });
    await expect(codeRow).toHaveText(`${codeName}−${nt(codeValue)}`);
    const beforeAmount = Number(before.replace(/[^\d]/g, ''));
    await expect(page.getByTestId('checkout-total')).toHaveText(nt(beforeAmount - codeValue));
    await expect(items.filter({ hasText: '贈品' })).toContainText('旅行組');
    const total = await checkoutTotal(page);
    const discounts = await discountRows(page.getByTestId('checkout-adjustment'));
    expect(discounts.length).toBe(2);
    await shot(page, testInfo, 'promo-checkout-code');

    await page.getByRole('button', { name: '送出訂單' }).click();

    // The slip: the amount quoted, each discount with its label and amount, the gift at NT$ 0.
    await expect(page).toHaveURL(/\/paymentSlip\?MerTradeNo=/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: '付款資訊', level: 1 })).toBeVisible();
    await expect(page.getByTestId('slip-amount')).toHaveText(total);
    await expect(page.getByTestId('slip-payment')).toHaveText('ATM 轉帳');
    const totals = page.getByTestId('order-totals');
    await expect(totals.getByTestId('order-adjustment')).toHaveCount(discounts.length);
    expect(await discountRows(totals.getByTestId('order-adjustment'))).toEqual(discounts);
    await expect(totals.locator('.is-total dd')).toHaveText(total);
    await expect(totals).toContainText('免運');
    const giftRow = page.getByTestId('order-items').locator('tbody tr').filter({ hasText: '贈品' });
    await expect(giftRow).toContainText('旅行組');
    await expect(giftRow.locator('.ss-ord-line-total')).toHaveText(nt(0));
    const merTradeNo = (await page.getByTestId('slip-mer-trade-no').textContent())!.trim();
    await expect(page.getByTestId('slip-payment-status')).toHaveText('未付款');
    await shot(page, testInfo, 'promo-slip');

    // Pay the virtual account on the simulator's page, in another tab: the amount is the quoted total.
    const bank = await page.context().newPage();
    await bank.goto(`/sim/payuni/sim/pay?MerTradeNo=${encodeURIComponent(merTradeNo)}`);
    await expect(bank.getByRole('heading', { name: '模擬付款' })).toBeVisible();
    await expect(bank.getByTestId('amount')).toHaveText(total);
    await bank.getByRole('button', { name: '付款成功' }).click();
    await expect(bank.getByRole('heading', { name: '付款成功' })).toBeVisible();
    await bank.close();

    await page.bringToFront();
    await expect(page.getByTestId('slip-payment-status')).toHaveText('已付款', { timeout: 20_000 });
    await expect(page.getByTestId('slip-amount')).toHaveText(total);
    expect(await discountRows(totals.getByTestId('order-adjustment'))).toEqual(discounts);
  });
});
