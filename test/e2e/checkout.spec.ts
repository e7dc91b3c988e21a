import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { anyInStock, findProduct, type Pick } from './catalog-data';
import { cancelFromOrders, onSlip, openOrders, toast } from './checkout-form';
import { isMobile, keepScreenshot } from './nav';
import { ensureShopMember, newPhone, shopMember, type ShopMember } from './shop-member';

/**
 * Issue 10 in the browser, on the desktop and on a phone: cart → checkout → the 7-11 store map
 * (an 800×600 window on the desktop, the page itself and /checkoutCvsResult on a phone) → each
 * payment method through the built-in simulators' pages (PAYUNi 「模擬付款」, 「模擬 LINE Pay 付款」)
 * → the payment slip → /orders → cancel. The member is registered through the real API flows
 * (shop-member.ts); products come from the demo seed (never hard-coded).
 */


/** A store of the simulator's 7-11 list (src/integrations/payuni/simulators/payuni-simulator.ts, SIM_STORES). */
interface SimStore {
  id: string;
  name: string;
  addr: string;
}
const XINYI: SimStore = { id: '155139', name: '信義松仁門市', addr: '台北市信義區松仁路58號' };
const BANQIAO: SimStore = { id: '176201', name: '板橋府中門市', addr: '新北市板橋區府中路15號' };

const HOME = { city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號 3 樓' };

/** Adds an in-stock product from its product page (the UI), returns what was bought. */
async function addFromProductPage(page: Page): Promise<Pick> {
  const pick = await findProduct(page.request, anyInStock);
  await page.goto(`/product/${pick.product.product_id}`);
  await expect(page.getByRole('heading', { name: pick.product.title, level: 1 })).toBeVisible();
  if (pick.variants.length > 1) await page.locator('.ss-purchase .ss-variant-name').getByText(pick.variant.variant_name, { exact: true }).click();
  await page.getByTestId('purchase-actions').getByRole('button', { name: /加入購物車/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  return pick;
}

/** /cart → 前往結帳 → the checkout form, the buyer filled in from the profile. */
async function cartToCheckout(page: Page, member: ShopMember, pick: Pick) {
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line').filter({ hasText: pick.product.title })).toBeVisible();
  await page.getByRole('link', { name: '前往結帳' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: '訂購人資料' })).toBeVisible();
  await expect(page.locator('#co-buy_name')).toHaveValue(member.username);
  await expect(page.locator('#co-buy_phone')).toHaveValue(member.phone);
  await expect(page.locator('#co-buy_email')).toHaveValue(member.email);
  await expect(page.getByTestId('checkout-item').filter({ hasText: pick.product.title })).toBeVisible();
}

async function sameAsBuyer(page: Page, member: ShopMember) {
  await page.getByRole('checkbox', { name: '同訂購人資料' }).check();
  await expect(page.locator('#co-name')).toHaveValue(member.username);
  await expect(page.locator('#co-phone')).toHaveValue(member.phone);
}

const choice = (page: Page, group: string, label: string) => page.locator(`#co-${group}`).getByText(label, { exact: true });

async function chooseShipping(page: Page, label: '7-11' | '宅配') {
  await choice(page, 'shipping', label).click();
  await expect(page.locator('#co-shipping').getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(page.locator('#co-shipping .ant-radio-wrapper-checked')).toContainText(label);
}

/** Home delivery to a typed address (「使用其他地址」 when the address book already has one). */
async function typeHomeAddress(page: Page) {
  await chooseShipping(page, '宅配');
  const other = choice(page, 'address', '使用其他地址');
  if (await other.isVisible()) await other.click();
  await page.locator('#co-city').selectOption(HOME.city);
  await page.locator('#co-district').selectOption(HOME.district);
  await expect(page.locator('#co-zip')).toHaveValue(HOME.zip);
  await page.locator('#co-street').fill(HOME.street);
}

/**
 * 選擇門市 → the simulator's 7-11 map → `store`. Desktop: an 800×600 window that closes itself once
 * the store is posted back. Phone: the page itself goes to the map and comes back through
 * /checkoutCvsResult (store facts, a 3-second countdown; `returnAtOnce` presses 立即返回結帳).
 */
async function pickSevenStore(page: Page, testInfo: TestInfo, store: SimStore, { returnAtOnce = false, screenshots = false } = {}) {
  await chooseShipping(page, '7-11');
  const pickButton = page.getByTestId('pick-store');
  await expect(pickButton).toHaveText('選擇門市');
  if (!isMobile(testInfo)) {
    // What the checkout asks of window.open (the size of the map window).
    await page.evaluate(() => {
      const w = window as unknown as { __opens: string[][] };
      w.__opens = [];
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        w.__opens.push(args.map((a) => String(a ?? '')));
        return open(...args);
      };
    });
    const [popup] = await Promise.all([page.waitForEvent('popup'), pickButton.click()]);
    expect(popup.viewportSize(), 'the map window is 800×600').toEqual({ width: 800, height: 600 });
    const opens = await page.evaluate(() => (window as unknown as { __opens: string[][] }).__opens);
    expect(opens).toHaveLength(1);
    expect(opens[0][2].replace(/\s/g, '')).toMatch(/^width=800,height=600$/);
    await expect(popup.getByRole('heading', { name: '模擬 7-11 門市地圖' })).toBeVisible();
    expect(popup.url()).toContain('/sim/payuni/api/logistics/ship_map');
    expect(await popup.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight })), 'the map window\'s own size').toEqual({ w: 800, h: 600 });
    if (screenshots) await popup.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-cvs-map-window.png` });
    const closed = popup.waitForEvent('close');
    await popup.locator(`button[data-store-id="${store.id}"]`).click();
    await closed;
  } else {
    await pickButton.click();
    await expect(page.getByRole('heading', { name: '模擬 7-11 門市地圖' })).toBeVisible();
    expect(page.url()).toContain('/sim/payuni/api/logistics/ship_map');
    await page.locator(`button[data-store-id="${store.id}"]`).click();
    await expect(page).toHaveURL(/\/checkoutCvsResult\?/);
    await expect(page.getByText('已選擇取貨門市', { exact: true })).toBeVisible();
    const facts = page.getByTestId('cvs-store');
    await expect(facts).toContainText(store.id);
    await expect(facts).toContainText(store.name);
    await expect(facts).toContainText(store.addr);
    await expect(page.getByTestId('cvs-countdown')).toHaveText(/^[1-3] 秒後自動返回結帳頁$/);
    if (screenshots) await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-cvs-result.png` });
    if (returnAtOnce) await page.getByRole('button', { name: '立即返回結帳' }).click();
    await expect(page).toHaveURL(/\/checkout$/, { timeout: 8_000 });
    await expect(page.getByRole('heading', { name: '訂購人資料' })).toBeVisible();
  }
  // The picked store is the chosen 7-11 store of the form.
  const chosen = page.locator('#co-store .ant-radio-wrapper-checked');
  await expect(chosen).toContainText(`${store.name}（${store.id}）`);
  await expect(chosen).toContainText(store.addr);
  await expect(page.locator('#co-shipping .ant-radio-wrapper-checked')).toContainText('7-11');
}

async function choosePayment(page: Page, label: string) {
  await choice(page, 'payment', label).click();
  await expect(page.locator('#co-payment .ant-radio-wrapper-checked')).toContainText(label);
}

async function memberCarrier(page: Page, member: ShopMember) {
  await choice(page, 'invoiceType', '個人電子發票').click();
  await choice(page, 'carrierType', '會員載具').click();
  await expect(page.getByText(`發票將存入會員載具，開立通知寄至 ${member.email}。`)).toBeVisible();
}

/** The card number, expiry and CVC are typed on the gateway's page only: no such field here. */
async function expectNoCardFields(page: Page) {
  const cardish = page.locator(
    'input[name*="card" i], input[id*="card" i], input[name*="cvc" i], input[id*="cvc" i], input[name*="cvv" i], input[name*="expir" i], input[autocomplete^="cc-"]',
  );
  await expect(cardish).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /卡號|有效期限|安全碼|CVC|CVV/i })).toHaveCount(0);
}

async function submit(page: Page): Promise<string> {
  const total = (await page.getByTestId('checkout-total').textContent())!.trim();
  expect(total).toMatch(/^NT\$ [\d,]+$/);
  await page.getByRole('button', { name: '送出訂單' }).click();
  return total;
}


async function expectSlipPaid(page: Page) {
  await expect(page.getByTestId('slip-payment-status')).toHaveText('已付款', { timeout: 20_000 });
  await expect(page.getByTestId('slip-order-status')).toHaveText('已付款');
  await expect(page.getByTestId('slip-note')).toContainText('付款完成，感謝您的訂購！');
  await expect(page.getByTestId('pay-instructions')).toHaveCount(0);
}

async function expectCartEmpty(page: Page) {
  await expect(page.getByTestId('cart-count')).toBeHidden();
  const stored = await page.evaluate(() => localStorage.getItem('skinshop.cart'));
  expect((JSON.parse(stored ?? '{"items":[]}') as { items: unknown[] }).items).toEqual([]);
}

test.describe('checkout, payment and orders (issue 10)', () => {
  // Registration, the store map, the simulators' pages and the jobs behind them: longer than a page walk.
  test.describe.configure({ timeout: 120_000 });

  test('7-11 store from the map, ATM transfer paid on the simulator: the slip turns paid, the invoice number shows, /orders offers no cancel', async ({ page }, testInfo) => {
    const member = await shopMember(page, testInfo);
    const pick = await addFromProductPage(page);
    await cartToCheckout(page, member, pick);
    await sameAsBuyer(page, member);
    await pickSevenStore(page, testInfo, XINYI, { screenshots: true });

    await choosePayment(page, 'ATM 轉帳');
    await expect(page.locator('#co-bankCode')).toHaveValue('013');
    await memberCarrier(page, member);
    await expectNoCardFields(page);
    await keepScreenshot(page, testInfo, 'checkout-filled');
    const total = await submit(page);

    const { orderId, merTradeNo } = await onSlip(page, total, 'ATM 轉帳');
    await expect(page.getByTestId('atm-bank')).toContainText('013');
    await expect(page.getByTestId('atm-bank')).toContainText('國泰世華');
    await expect(page.getByTestId('atm-account')).toHaveText(/^\d{6,}/);
    await expect(page.getByTestId('pay-deadline')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByTestId('slip-payment-status')).toHaveText('未付款');
    await expect(page.getByTestId('slip-store')).toContainText(XINYI.name);
    await expect(page.getByTestId('slip-invoice')).toHaveText('個人電子發票（會員載具）');
    await expectCartEmpty(page);
    await keepScreenshot(page, testInfo, 'slip-atm');

    // Pay the virtual account on the simulator's page, in another tab, as a shopper would.
    const bank = await page.context().newPage();
    await bank.goto(`/sim/payuni/sim/pay?MerTradeNo=${encodeURIComponent(merTradeNo)}`);
    await expect(bank.getByRole('heading', { name: '模擬付款' })).toBeVisible();
    await expect(bank.getByTestId('mer-trade-no')).toHaveText(merTradeNo);
    await expect(bank.getByTestId('amount')).toHaveText(total);
    await bank.getByRole('button', { name: '付款成功' }).click();
    await expect(bank.getByRole('heading', { name: '付款成功' })).toBeVisible();
    await bank.close();

    // Back on the slip (it asks again every 4 s and when the tab comes back): paid.
    await page.bringToFront();
    await expectSlipPaid(page);
    // The invoice job runs once the order is paid: its number shows on the slip.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('slip-invoice-no')).toHaveText(/^[A-Z]{2}-?\d{8}$/, { timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
    const invoiceNo = (await page.getByTestId('slip-invoice-no').textContent())!;
    await keepScreenshot(page, testInfo, 'slip-paid');

    const row = await openOrders(page, orderId);
    await expect(row.getByTestId('order-status')).toHaveText('已付款');
    await expect(row.getByTestId('payment-status')).toHaveText('已付款');
    await expect(row.getByTestId('order-total')).toHaveText(total);
    await expect(row.getByTestId('order-payment')).toHaveText('ATM 轉帳');
    await expect(row).toContainText(invoiceNo);
    await expect(row.getByRole('button', { name: '取消訂單' })).toHaveCount(0);
    // Details open on demand.
    await row.getByRole('button', { name: '訂單明細' }).click();
    await expect(row.getByTestId('order-items')).toContainText(pick.product.title);
    await expect(row).toContainText(XINYI.name);
    await keepScreenshot(page, testInfo, 'orders');
  });

  test('home delivery to a typed address, CVS code: the slip shows the code and its deadline; cancelled from /orders', async ({ page }, testInfo) => {
    const member = await shopMember(page, testInfo);
    const pick = await addFromProductPage(page);
    await cartToCheckout(page, member, pick);
    const receiver = newPhone();
    await page.locator('#co-name').fill('王大明');
    await page.locator('#co-phone').fill(receiver);
    await typeHomeAddress(page);
    await choice(page, 'deliveryTimeSlot', '14:00–18:00').click();
    await choosePayment(page, '超商代碼');
    await memberCarrier(page, member);
    await keepScreenshot(page, testInfo, 'checkout-home-cvs');
    const total = await submit(page);

    const { orderId, merTradeNo } = await onSlip(page, total, '超商代碼');
    await expect(page.getByTestId('cvs-code')).toHaveText(/^[A-Z0-9]{6,}$/);
    await expect(page.getByTestId('pay-deadline')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByTestId('slip-address')).toHaveText(`${HOME.zip} ${HOME.city}${HOME.district}${HOME.street}`);
    await expect(page.getByTestId('slip-info')).toContainText('王大明');
    await expect(page.getByTestId('slip-info')).toContainText(receiver);
    await expect(page.getByTestId('slip-info')).toContainText('14:00–18:00');
    await keepScreenshot(page, testInfo, 'slip-cvs');
    const code = (await page.getByTestId('cvs-code').textContent())!;

    const row = await openOrders(page, orderId);
    await expect(row.getByTestId('order-status')).toHaveText('待付款'); // an unpaid online order (issue 19 §6)
    await expect(row.getByTestId('payment-status')).toHaveText('未付款');
    await expect(row.getByTestId('cvs-code')).toHaveText(code);
    await cancelFromOrders(page, row, orderId);

    // The code is withdrawn at the gateway too (the payments.cancel-code job): the simulator takes no payment for it.
    const kiosk = await page.context().newPage();
    await expect(async () => {
      await kiosk.goto(`/sim/payuni/sim/pay?MerTradeNo=${encodeURIComponent(merTradeNo)}`);
      await expect(kiosk.getByText('此交易已結束。')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 3_000] });
    await expect(kiosk.locator('dd').filter({ hasText: /^已取消$/ })).toBeVisible();
    await expect(kiosk.getByRole('button', { name: '付款成功' })).toHaveCount(0);
    await kiosk.close();
  });

  test('credit card: no card field on the checkout; the simulator\'s 「模擬付款」 page → 付款成功 → the slip says paid', async ({ page }, testInfo) => {
    const member = await shopMember(page, testInfo);
    const pick = await addFromProductPage(page);
    await cartToCheckout(page, member, pick);
    await sameAsBuyer(page, member);
    await typeHomeAddress(page);
    await choosePayment(page, '信用卡');
    await expect(page.getByText('送出後前往 PAYUNi 安全付款頁面輸入卡號（3-D 驗證），本站不經手卡號。')).toBeVisible();
    await memberCarrier(page, member);
    await expectNoCardFields(page);
    const total = await submit(page);

    // The hosted page (UPP) of the simulator takes the card.
    await expect(page).toHaveURL(/\/sim\/payuni\/api\/upp/);
    await expect(page.getByRole('heading', { name: '模擬付款' })).toBeVisible();
    await expect(page.getByTestId('amount')).toHaveText(total);
    await expect(page.getByText('信用卡', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '付款成功' }).click();

    const { orderId } = await onSlip(page, total, '信用卡');
    await expectSlipPaid(page);
    await expectCartEmpty(page);
    const row = await openOrders(page, orderId);
    await expect(row.getByTestId('payment-status')).toHaveText('已付款');
    await expect(row.getByRole('button', { name: '取消訂單' })).toHaveCount(0);
  });

  test('LINE Pay: no invoice choices, the section says why; the simulator\'s LINE Pay page → 付款 → the slip says paid and the cart is empty', async ({ page }, testInfo) => {
    const member = await shopMember(page, testInfo);
    const pick = await addFromProductPage(page);
    await cartToCheckout(page, member, pick);
    await sameAsBuyer(page, member);
    await typeHomeAddress(page);
    const invoiceHeading = page.getByRole('heading', { name: '發票', exact: true });
    await expect(invoiceHeading).toBeVisible();
    await choosePayment(page, 'LINE Pay');
    // Where the choices were, the section says where the invoice goes (issue 20).
    await expect(page.getByText('LINE Pay 訂單的發票開立於會員載具')).toBeVisible();
    await expect(page.locator('#co-invoiceType')).toHaveCount(0);
    const total = await submit(page);

    await expect(page).toHaveURL(/\/sim\/linepay\/pay\//);
    await expect(page).toHaveTitle('模擬 LINE Pay 付款');
    await expect(page.locator('.amount')).toHaveText(total);
    // The cart waits for the slip (the shopper may still come back from LINE Pay).
    expect(await page.evaluate(() => localStorage.getItem('skinshop.cart'))).toContain(pick.product.title);
    await page.getByRole('button', { name: '付款', exact: true }).click();

    const { orderId } = await onSlip(page, total, 'LINE Pay');
    await expectSlipPaid(page);
    await expectCartEmpty(page);
    await keepScreenshot(page, testInfo, 'slip-linepay');
    await page.goto('/cart');
    await expect(page.getByText('你的購物車沒有任何商品。')).toBeVisible();
    const row = await openOrders(page, orderId);
    await expect(row.getByTestId('order-payment')).toHaveText('LINE Pay');
    await expect(row.getByTestId('payment-status')).toHaveText('已付款');
  });

  test('cash on delivery at a 7-11 store: the slip says pay on pickup; cancelled from /orders', async ({ page }, testInfo) => {
    const member = await shopMember(page, testInfo);
    const pick = await addFromProductPage(page);
    await cartToCheckout(page, member, pick);
    await sameAsBuyer(page, member);
    await pickSevenStore(page, testInfo, BANQIAO, { returnAtOnce: true });
    await choosePayment(page, '貨到付款');
    await memberCarrier(page, member);
    const total = await submit(page);

    const { orderId } = await onSlip(page, total, '貨到付款');
    await expect(page.getByTestId('slip-note')).toHaveText('貨到付款 — 請於取貨或收件時付款。');
    await expect(page.getByTestId('slip-store')).toContainText(`${BANQIAO.name}（${BANQIAO.id}）`);
    await expect(page.getByTestId('slip-store')).toContainText(BANQIAO.addr);
    await expect(page.getByTestId('slip-payment-status')).toHaveText('未付款');
    await expectCartEmpty(page);

    const row = await openOrders(page, orderId);
    await expect(row.getByTestId('order-payment')).toHaveText('貨到付款');
    await cancelFromOrders(page, row, orderId);
  });

  test('refusals: an empty receiver name shows 請填寫姓名！ under the field; a visitor is sent to /login and comes back after logging in', async ({ page, playwright, baseURL }, testInfo) => {
    // Logged out, with an item in the cart.
    const pick = await addFromProductPage(page);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, '請先登入後再進行結帳')).toBeVisible();

    // Log in on the form: back to the checkout.
    const api = await playwright.request.newContext({ baseURL });
    let member: ShopMember;
    try {
      member = (await ensureShopMember(api, testInfo)).member;
    } finally {
      await api.dispose();
    }
    await page.getByLabel('帳號（手機號碼）').fill(member.phone);
    await page.getByLabel('密碼').fill(member.password);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: '訂購人資料' })).toBeVisible();
    await expect(page.getByTestId('checkout-item').filter({ hasText: pick.product.title })).toBeVisible();

    // The receiver's name left empty.
    const sameBox = page.getByRole('checkbox', { name: '同訂購人資料' });
    if (await sameBox.isChecked()) await sameBox.uncheck();
    await page.locator('#co-name').fill('');
    await page.locator('#co-phone').fill(member.phone);
    await typeHomeAddress(page);
    await choosePayment(page, '貨到付款');
    await memberCarrier(page, member);
    await page.getByRole('button', { name: '送出訂單' }).click();
    await expect(page.locator('#co-name-error')).toHaveText('請填寫姓名！');
    await expect(page.locator('#co-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#co-name')).toBeFocused();
    await expect(toast(page, '請檢查資料是否填寫正確！')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await keepScreenshot(page, testInfo, 'checkout-refused');

    // Typing the name clears the error.
    await page.locator('#co-name').fill('陳美麗');
    await expect(page.locator('#co-name-error')).toHaveCount(0);
  });
});
