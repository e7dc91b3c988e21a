import { expect, test, type Page } from '@playwright/test';
import { adminLogin } from './admin-data';
import { findProduct, nt } from './catalog-data';
import { cancelFromOrders, checkoutTotal, fillCheckout, onSlip, openOrders, toast } from './checkout-form';
import { dialog, dialogGone, isMobile, keepShot } from './nav';
import { addFromProductPage, tag } from './promotions-data';
import { deliveredOrder, givePoints, mailTo, pointsBalance, reviewPhoto, setStock, soldOutProduct } from './rewards-data';
import { login, shopMember } from './shop-member';

/**
 * Issue 21 for the member and for staff, on the desktop and on a phone: 購物金 given by staff is
 * spent at checkout and comes back when the order is cancelled; a review with a photo of a
 * delivered item shows on the product page and staff answer it; a 貨到通知我 request is told when
 * staff raise the stock. Orders, points and stock are made through the real API (staff's and the
 * simulators'); what only a browser shows is walked here.
 */

const entries = (page: Page) => page.getByTestId('points-entry');

test.describe('member rewards (issue 21)', () => {
  // Checkout, the simulators and the jobs behind a notice: longer than a page walk.
  test.describe.configure({ timeout: 150_000 });

  test('購物金: staff give points, the member uses them at checkout (the quote and the slip agree), cancelling the order gives them back', async ({ page, playwright, baseURL }, testInfo) => {
    const newContext = () => playwright.request.newContext({ baseURL });
    const member = await shopMember(page, testInfo);
    const start = await pointsBalance(page);
    const balance = await givePoints(newContext, member, 200);
    expect(balance).toBe(start + 200);

    // /points: the staff adjustment is the newest line.
    await expect(page.getByTestId('points-balance')).toHaveText(start.toLocaleString('en-US'));
    await page.reload();
    await expect(page.getByTestId('points-balance')).toHaveText(balance.toLocaleString('en-US'));
    await expect(entries(page).first()).toContainText('調整');
    await expect(entries(page).first().getByTestId('points-amount')).toHaveText('+200');
    await keepShot(page, testInfo, 'rewards-points');

    // A product whose 30 % cap allows 100 points.
    const pick = await findProduct(page.request, (vs) => vs.find((v) => v.stock > 1 && v.discount_price >= 600));
    await addFromProductPage(page, pick, 1);
    await page.goto('/checkout');
    await fillCheckout(page, member);
    const box = page.getByTestId('points-box');
    await expect(box.getByTestId('points-balance')).toHaveText(balance.toLocaleString('en-US'));
    const before = Number((await checkoutTotal(page)).replace(/[^\d]/g, ''));

    // More than the balance is refused under the box; the money does not move.
    const input = box.getByRole('textbox', { name: '使用購物金' });
    await input.fill(String(balance + 1));
    await box.getByRole('button', { name: '套用' }).click();
    await expect(box.getByTestId('points-message')).toHaveText(/^(購物金餘額不足|最多可折抵 NT\$ [\d,]+)$/);
    await expect(page.getByTestId('checkout-total')).toHaveText(nt(before));

    await input.fill('100');
    await input.press('Enter');
    await expect(box.getByTestId('points-applied')).toHaveText(`已使用 100 點，折抵 ${nt(100)}`);
    await expect(page.getByTestId('checkout-adjustment').filter({ hasText: '購物金折抵' })).toHaveText(`購物金折抵−${nt(100)}`);
    await expect(page.getByTestId('checkout-total')).toHaveText(nt(before - 100));
    await box.scrollIntoViewIfNeeded();
    await keepShot(page, testInfo, 'rewards-checkout-points');
    await page.getByRole('button', { name: '送出訂單' }).click();

    const { orderId } = await onSlip(page, nt(before - 100), 'ATM 轉帳');
    await expect(page.getByTestId('order-totals').getByTestId('order-adjustment').filter({ hasText: '購物金折抵' })).toContainText(`−${nt(100)}`);

    // Spent: the balance is 100 lower, the line names the order.
    expect(await pointsBalance(page)).toBe(balance - 100);
    await expect(entries(page).first()).toContainText('折抵訂單');
    await expect(entries(page).first().getByTestId('points-amount')).toHaveText('−100');

    // Cancelled from /orders: the 100 points come back.
    const row = await openOrders(page, orderId);
    await cancelFromOrders(page, row, orderId);
    expect(await pointsBalance(page)).toBe(balance);
    await expect(entries(page).first()).toContainText('取消退回');
    await expect(entries(page).first().getByTestId('points-amount')).toHaveText('+100');
    await keepShot(page, testInfo, 'rewards-points-returned');
  });

  test('a review with a photo of a delivered item: written on /reviews, shown on the product page, answered by staff, the answer seen by the member', async ({ page, playwright, baseURL }, testInfo) => {
    const newContext = () => playwright.request.newContext({ baseURL });
    const member = await shopMember(page, testInfo);
    const order = await deliveredOrder(newContext, page.request, member);

    // /orders offers 評價 on the delivered order: /reviews opens with the form of its only item.
    const row = await openOrders(page, order.orderId);
    await row.getByRole('link', { name: '評價' }).or(row.getByRole('button', { name: '評價' })).first().click();
    await expect(page).toHaveURL(/\/reviews/);
    const form = dialog(page, '撰寫評價');
    await expect(form).toBeVisible();
    // The server's rules, in the form: nothing chosen, nothing typed.
    await form.getByRole('button', { name: '送出評價' }).click();
    await expect(form.getByTestId('review-rating-error')).toHaveText('請選擇評分');
    await expect(form.getByTestId('review-content-error')).toHaveText('評價內容至少 10 個字');
    await form.getByRole('radio', { name: /^5 星/ }).check({ force: true });
    const words = `保濕度很夠，用了兩週膚況穩定。${tag(4)}`;
    await form.getByLabel('評價內容').fill(words);
    await form.getByTestId('review-file').setInputFiles(await reviewPhoto());
    await expect(form.getByTestId('review-photo').locator('img')).toBeVisible();
    await expect(form.getByTestId('photo-percent')).toHaveCount(0, { timeout: 20_000 });
    await keepShot(page, testInfo, 'rewards-review-form');
    await form.getByRole('button', { name: '送出評價' }).click();
    await expect(toast(page, '評價已送出')).toBeVisible();
    await dialogGone(page, '撰寫評價');
    await page.getByRole('tab', { name: /已評價/ }).click();
    const mine = page.getByTestId('my-review').filter({ hasText: words });
    await expect(mine).toBeVisible();

    // The product page shows it (masked name, the photo) in its reviews.
    const list = await page.request.get(`/api/member/reviewables`);
    const { reviews } = (await list.json()) as { reviews: { product_id: number; content: string; id: number }[] };
    const written = reviews.find((r) => r.content === words)!;
    expect(written).toBeTruthy();
    await page.goto(`/product/${written.product_id}`);
    // The reviews load when their section comes into view (below the fold).
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    const shown = page.getByTestId('review').filter({ hasText: words });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(`${member.username.slice(0, 1)}**`);
    await expect(shown.locator('img')).toHaveCount(1);
    await expect(page.getByTestId('reviews-summary')).toBeVisible();
    await keepShot(page, testInfo, 'rewards-product-reviews');

    // Staff answer it in 評價管理.
    await adminLogin(page);
    await page.goto('/admin/reviews');
    await page.getByRole('searchbox', { name: '搜尋評價' }).or(page.getByRole('textbox', { name: '搜尋評價' })).first().fill(words);
    await page.keyboard.press('Enter');
    const who = page.getByText(words).first();
    await expect(who).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^回覆`) }).first().click();
    const reply = dialog(page, '回覆評價');
    const answer = `謝謝您的分享，歡迎再次選購！${tag(4)}`;
    await reply.getByLabel('回覆內容').fill(answer);
    await keepShot(page, testInfo, isMobile(testInfo) ? 'rewards-admin-reply-phone' : 'rewards-admin-reply');
    await reply.getByRole('button', { name: '送出回覆' }).click();
    await dialogGone(page, '回覆評價');
    await expect(page.getByText(answer).first()).toBeVisible();

    // The member is told, and sees the answer on /reviews.
    await mailTo(page.request, member.email, '回覆');
    await login(page.request, member);
    await page.goto('/reviews');
    await page.getByRole('tab', { name: /已評價/ }).click();
    await expect(page.getByTestId('my-review').filter({ hasText: words }).getByTestId('my-review-reply')).toContainText(answer);
    await keepShot(page, testInfo, 'rewards-review-replied');
  });

  test('貨到通知我 on a sold-out product: the request is taken, staff raise the stock, the member is told once by e-mail', async ({ page, playwright, baseURL }, testInfo) => {
    const newContext = () => playwright.request.newContext({ baseURL });
    const member = await shopMember(page, testInfo);
    const product = await soldOutProduct(newContext, `${testInfo.project.name}-${tag(4)}`);

    // Asked first as the page knows a visitor: 貨到通知我 leads to 會員登入 and back to the product.
    await page.goto(`/product/${product.productId}`);
    await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();
    const ask = page.getByTestId('restock-button');
    await expect(ask).toHaveText(/貨到通知我/);
    await ask.click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('帳號（手機號碼）').fill(member.phone);
    await page.getByLabel('密碼').fill(member.password);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.productId}$`));
    await expect(ask).toHaveText(/貨到通知我/);
    await ask.click();
    await expect(toast(page, '貨到時將通知您')).toBeVisible();
    await expect(ask).toHaveText(/取消貨到通知/);
    await keepShot(page, testInfo, 'rewards-restock-asked');

    await setStock(newContext, product, 5);
    const mail = await mailTo(page.request, member.email, product.title);
    expect(mail.body).toContain(`/product/${product.productId}`);
    // Closed: the page offers to buy, not to ask again.
    await page.reload();
    await expect(page.getByTestId('restock-button')).toHaveCount(0);
    await expect(page.getByTestId('purchase-actions').getByRole('button', { name: /加入購物車/ })).toBeEnabled();
  });
});
