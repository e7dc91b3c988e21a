import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { adminLogin, expectPaid, payOnSimulator, placeOrder, type PlacedOrder } from './admin-data';
import { dialog, dialogGone, isMobile, keepScreenshot, keepShot, listRows, pickOption } from './nav';
import { ensureShopMember, login, type ShopMember } from './shop-member';

/**
 * Issue 11 in the browser, on the desktop and on a phone: the seeded owner signs in at
 * /admin/login, filters the orders (today, the order number, paid), opens an order, edits its
 * receiver, creates its T-cat shipping ticket through the PAYUNi simulator, asks the parcel's
 * status, refunds the card payment; then searches the member on 會員管理. The order is placed by a
 * member through the real API and paid on the simulator's card page.
 */

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

/** A toast the admin can read: shown and inside the screen (a phone's too). */
async function expectToast(page: Page, text: string | RegExp, timeout?: number) {
  const t = toast(page, text).first();
  await expect(t).toBeVisible(timeout ? { timeout } : undefined);
  await expect(t).toBeInViewport();
}

/**
 * 建立出貨單 answers once the ticket job is done or SHIPPING_TICKET_WAIT_MS (8 s) have passed (then the
 * screen polls): its toast may come later than the default 10 s on a loaded machine.
 */
const TICKET_ANSWER_MS = 30_000;

/** 日期區間 → a choice of the antd select. */
const chooseRange = (page: Page, label: string) => pickOption(page, page.getByLabel('日期區間'), label);

const choosePaymentStatus = (page: Page, label: string) => pickOption(page, page.getByLabel('付款狀態'), label);

/** The order's row after filtering by today and its number; the row is the only one. */
async function filterTo(page: Page, order: PlacedOrder, paymentStatus = '已付款'): Promise<Locator> {
  await chooseRange(page, '今天');
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  await expect(page.getByTestId('range-dates')).toHaveText(`${today} ～ ${today}`);
  await choosePaymentStatus(page, paymentStatus);
  await page.getByLabel('關鍵字').fill(order.merTradeNo);
  await page.getByRole('button', { name: '查詢' }).click();
  const row = page.getByTestId(`aorder-${order.orderId}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId(/^aorder-\d+$/)).toHaveCount(1);
  await expect(page.getByTestId('orders-total')).toHaveText('1');
  await expect(page.getByTestId('paid-total')).toHaveText(paymentStatus === '已付款' ? `NT$ ${order.total.toLocaleString('en-US')}` : 'NT$ 0');
  await expect(row.getByTestId('aorder-payment-status')).toHaveText(paymentStatus);
  return row;
}

test.describe('back-office orders and members (issue 11)', () => {
  // A member, an order paid on the simulator, a ticket job and a refund: longer than a page walk.
  test.describe.configure({ timeout: 180_000 });

  /** This project's member, logged in on a request context of its own, and an order placed (and paid) by them. */
  async function memberOrder(
    { playwright, baseURL, page }: { playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }; baseURL: string | undefined; page: Page },
    testInfo: TestInfo,
    how: { payment: 'credit' | 'cod'; shipping: 1 | 4 },
  ): Promise<{ member: ShopMember; order: PlacedOrder & { gateway?: { go_url: string; body: Record<string, string> } } }> {
    const api = await playwright.request.newContext({ baseURL });
    try {
      const made = await ensureShopMember(api, testInfo);
      if (!made.loggedIn) await login(api, made.member);
      const order = await placeOrder(api, made.member, how);
      if (how.payment === 'credit') {
        await payOnSimulator(page, order);
        await expectPaid(api, order.merTradeNo);
      }
      return { member: made.member, order };
    } finally {
      await api.dispose();
    }
  }

  test('login → orders filter → detail → receiver edit → T-cat ticket → parcel status → card refund; members search', async ({ page, playwright, baseURL }, testInfo) => {
    const { member, order } = await memberOrder({ playwright, baseURL, page }, testInfo, { payment: 'credit', shipping: 4 });
    await adminLogin(page);
    await keepScreenshot(page, testInfo, 'admin-orders');

    // Filters: today (Taipei), paid, the order number.
    const row = await filterTo(page, order);
    // The order number in the sticky first column opens it (no sideways scrolling on a phone).
    await row.getByRole('button', { name: `訂單 #${order.orderId} 明細` }).click();
    const detail = dialog(page, `訂單 #${order.orderId}`);
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('detail-payment-status')).toHaveText('已付款');
    await expect(detail.getByTestId('detail-total')).toHaveText(`NT$ ${order.total.toLocaleString('en-US')}`);
    await expect(detail.getByTestId('receiver-name')).toHaveText(order.receiver);
    await keepShot(page, testInfo, 'admin-order-detail');

    // Receiver: 編輯 → the checkout's rule → 儲存 → 更新成功！
    const receiver = detail.getByTestId('receiver-section');
    await receiver.getByRole('button', { name: '編輯' }).click();
    const name = receiver.getByLabel('收件人姓名');
    await name.fill('Tom');
    await receiver.getByRole('button', { name: '儲存' }).click();
    await expect(receiver.getByText('收件人姓名須為中文！')).toBeVisible();
    await name.fill('林美華');
    await receiver.getByLabel('地址').fill('敦化南路二段 76 號');
    await receiver.getByRole('button', { name: '儲存' }).click();
    await expectToast(page, '更新成功！');
    await expect(receiver.getByTestId('receiver-name')).toHaveText('林美華');
    await expect(receiver.getByTestId('receiver-address')).toHaveText('106 臺北市大安區敦化南路二段 76 號');
    await expect(detail.getByTestId('detail-history')).toContainText('修改收件人');

    // Shipping ticket: T-cat HOME with the spec's defaults, through the simulator's home_delivery/trade.
    await detail.getByRole('button', { name: '建立出貨單' }).click();
    const ticketForm = dialog(page, `建立出貨單 — 訂單 #${order.orderId}`);
    await expect(ticketForm.getByTestId('ticket-lgs')).toHaveValue(/HOME/);
    const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    await expect(ticketForm.getByLabel('出貨日期')).toHaveValue(tomorrow);
    await keepShot(page, testInfo, 'admin-ticket-form');
    await ticketForm.getByRole('button', { name: '建立出貨單' }).click();
    await expectToast(page, '出貨單建立成功', TICKET_ANSWER_MS);
    await expect(ticketForm).toBeHidden({ timeout: TICKET_ANSWER_MS });
    const tickets = detail.getByTestId('detail-tickets');
    await expect(tickets.getByTestId('ticket-status').first()).toHaveText('已建立');
    await expect(tickets.getByRole('link', { name: '列印出貨單' }).first()).toHaveAttribute('href', /shippingLabel/);
    // The receiver is fixed once a ticket exists.
    await expect(receiver.getByRole('button', { name: '編輯' })).toBeDisabled();

    // Parcel status (logistics/query on the simulator).
    await detail.getByRole('button', { name: '查詢物流狀態' }).click();
    const status = dialog(page, /物流狀態/);
    await expect(status.getByTestId('logistics-status-desc')).not.toBeEmpty();
    await keepShot(page, testInfo, 'admin-logistics-status');
    await status.locator('.ant-modal-footer').getByRole('button', { name: '關閉' }).click();
    await dialogGone(page, /物流狀態/);

    // Refund the card payment, after the confirmation.
    await detail.getByRole('button', { name: '退款', exact: true }).click();
    const refund = dialog(page, `退款 — 訂單 #${order.orderId}`);
    await expect(refund.getByTestId('refundable')).toHaveText(`NT$ ${order.total.toLocaleString('en-US')}`);
    await refund.getByLabel('退款原因').fill('顧客取消（測試）');
    await keepShot(page, testInfo, 'admin-refund-form');
    await refund.getByRole('button', { name: '退款', exact: true }).click();
    const confirm = dialog(page, '確定要退款嗎？');
    await expect(confirm.getByTestId('refund-confirm')).toContainText(`NT$ ${order.total.toLocaleString('en-US')}`);
    await confirm.getByRole('button', { name: '確定退款' }).click();
    await expectToast(page, /退款/);
    await expect(detail.getByTestId('detail-refunds')).toContainText(`NT$ ${order.total.toLocaleString('en-US')}`);
    await expect(detail.getByTestId('detail-payment-status')).toHaveText('已退款', { timeout: 20_000 });
    await detail.locator('.ant-modal-close').click();
    await expect(detail).toBeHidden();

    // Members: search the buyer by phone.
    await openMembers(page, testInfo);
    const search = page.getByLabel('搜尋會員');
    await search.fill(member.phone);
    await search.press('Enter');
    const rows = listRows(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(member.phone);
    await keepScreenshot(page, testInfo, 'admin-members');
  });

  test('a 7-11 cash-on-delivery order: C2C ticket with the spec defaults (unpaid COD may ship), printable label, parcel status', async ({ page, playwright, baseURL }, testInfo) => {
    const { order } = await memberOrder({ playwright, baseURL, page }, testInfo, { payment: 'cod', shipping: 1 });
    await adminLogin(page);
    const row = await filterTo(page, order, '未付款');
    await row.getByRole('button', { name: `訂單 #${order.orderId} 明細` }).click();
    const detail = dialog(page, `訂單 #${order.orderId}`);
    await expect(detail.getByTestId('receiver-store')).toContainText('信義松仁門市');

    await detail.getByRole('button', { name: '建立出貨單' }).click();
    const ticketForm = dialog(page, `建立出貨單 — 訂單 #${order.orderId}`);
    await expect(ticketForm.getByTestId('ticket-lgs')).toHaveValue(/C2C/);
    // Home-delivery fields are not asked for a store parcel.
    await expect(ticketForm.getByLabel('出貨日期')).toHaveCount(0);
    await keepShot(page, testInfo, 'admin-ticket-c2c');
    await ticketForm.getByRole('button', { name: '建立出貨單' }).click();
    await expectToast(page, '出貨單建立成功', TICKET_ANSWER_MS);
    await expect(ticketForm).toBeHidden({ timeout: TICKET_ANSWER_MS });
    const tickets = detail.getByTestId('detail-tickets');
    await expect(tickets).toContainText('7-11 C2C');
    await expect(tickets.getByTestId('ticket-status').first()).toHaveText('已建立');
    const label = tickets.getByRole('link', { name: '列印出貨單' }).first();
    await expect(label).toHaveAttribute('target', '_blank');
    // The stored label opens (same origin, the admin session).
    const [labelPage] = await Promise.all([page.waitForEvent('popup'), label.click()]);
    await labelPage.waitForLoadState();
    expect(labelPage.url()).toMatch(/shippingLabel/);
    await expect(labelPage.locator('body')).not.toBeEmpty();
    await labelPage.close();

    await detail.getByRole('button', { name: '查詢物流狀態' }).click();
    const status = dialog(page, /物流狀態/);
    await expect(status.getByTestId('logistics-status-desc')).not.toBeEmpty();
    await expect(status).toContainText('信義松仁門市');
  });

  test('a return within the 7-day 鑑賞期: picked up at the store, 申請退貨 on /orders, staff approve it', async ({ page, playwright, baseURL }, testInfo) => {
    const { member, order } = await memberOrder({ playwright, baseURL, page }, testInfo, { payment: 'credit', shipping: 1 });
    await adminLogin(page);
    const row = await filterTo(page, order);
    await row.getByRole('button', { name: `訂單 #${order.orderId} 明細` }).click();
    let detail = dialog(page, `訂單 #${order.orderId}`);
    await detail.getByRole('button', { name: '建立出貨單' }).click();
    await dialog(page, `建立出貨單 — 訂單 #${order.orderId}`).getByRole('button', { name: '建立出貨單' }).click();
    await expectToast(page, '出貨單建立成功', TICKET_ANSWER_MS);
    const shipTradeNo = ((await detail.getByTestId('detail-tickets').getByText(/^物流單號 /).first().textContent()) ?? '').replace('物流單號 ', '').trim();
    expect(shipTradeNo).not.toBe('');

    // The parcel is picked up (the simulator's 模擬物流 button), and staff ask its status: the order is delivered.
    const sim = await page.context().newPage();
    await sim.goto('/sim/payuni/sim/shipments');
    await sim.locator('section').filter({ hasText: shipTradeNo }).getByRole('button', { name: '已取件（模擬）' }).click();
    await expect(sim.getByRole('heading', { name: '貨態已更新（模擬）' })).toBeVisible();
    await sim.close();
    await detail.getByRole('button', { name: '查詢物流狀態' }).click();
    const status = dialog(page, /物流狀態/);
    await expect(status.getByTestId('logistics-status-desc')).not.toBeEmpty();
    await status.locator('.ant-modal-footer').getByRole('button', { name: '關閉' }).click();
    await dialogGone(page, /物流狀態/);
    await detail.locator('.ant-modal-close').click();

    // The member asks for a return on /orders.
    await login(page.request, member);
    await page.goto('/orders');
    const card = page.getByTestId(`order-${order.orderId}`);
    await card.getByRole('button', { name: '申請退貨' }).click();
    const ask = dialog(page, `申請退貨 — 訂單 #${order.orderId}`);
    await ask.getByLabel('退貨原因').fill('不適合我的膚質');
    await keepShot(page, testInfo, 'shop-return-request');
    await ask.getByRole('button', { name: '送出申請' }).click();
    await expectToast(page, '已送出退貨申請，我們會盡快與您聯繫');
    await expect(card.getByTestId('return-status')).toHaveText('退貨申請審核中');
    await expect(card.getByRole('button', { name: '申請退貨' })).toHaveCount(0);

    // Staff approve it.
    await page.goto('/admin/orders');
    const again = await filterTo(page, order);
    await again.getByRole('button', { name: `訂單 #${order.orderId} 明細` }).click();
    detail = dialog(page, `訂單 #${order.orderId}`);
    const request = detail.getByTestId('returns-section').locator('li').first();
    await expect(request).toContainText('不適合我的膚質');
    await request.getByRole('button', { name: '同意退貨' }).click();
    const approve = dialog(page, '同意退貨申請');
    await approve.getByLabel('說明（選填）').fill('請將商品寄回，收到後退款');
    await approve.getByRole('button', { name: '同意', exact: true }).click();
    await expectToast(page, /已同意退貨/);
    await expect(request).toContainText('已同意');
    await keepShot(page, testInfo, 'admin-return-approved');
  });
});

/** 會員管理 from the sidebar (the menu drawer on a phone). */
async function openMembers(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: '開啟選單' }).click();
  }
  await page.getByRole('link', { name: '會員管理' }).first().click();
  await expect(page).toHaveURL(/\/admin\/users/);
  await expect(page.getByRole('heading', { name: '會員管理', level: 1 })).toBeVisible();
}
