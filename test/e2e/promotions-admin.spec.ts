import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './admin-catalog-data';
import { ADMIN, expectPaid, payOnSimulator } from './admin-data';
import { anyInStock, findProduct, nt } from './catalog-data';
import { keepShot, listRows, pickOption } from './nav';
import { adminPromotionNamed, createPromotion, orderWithCode, pickerProduct, tag, variantLabel } from './promotions-data';
import { ensureShopMember, login } from './shop-member';

/**
 * Issue 20 for staff (/admin/promotions 行銷活動), on the desktop: each kind made through the form
 * (滿額折 with tiers, 折扣, 任選組合價, 免運, 滿額贈, 加價購) and read back from the admin API; the
 * rules refuse an empty form; a 一組一碼 promotion's codes generated, listed and downloaded (CSV with
 * BOM); one of them used by a real paid order, then the promotion's report (figures and chart).
 * On a phone: the list and a drawer that fits the screen. Every promotion made here needs a code,
 * so the other files see the demo shop's prices unchanged.
 */

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

/** 新增活動 → the drawer, its form ready. */
async function openNewForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '新增活動' }).click();
  const drawer = page.getByRole('dialog', { name: '新增活動' });
  await expect(drawer.getByLabel('活動名稱')).toBeVisible();
  return drawer;
}

/** The basics every promotion here gets: a unique name, the kind, and a shared code (applies only when typed). */
async function basics(page: Page, drawer: Locator, kind: string, name: string): Promise<string> {
  await drawer.getByLabel('活動名稱').fill(name);
  await drawer.getByLabel('活動說明（顧客可見）').fill(`${name} 的說明`);
  await pickOption(page, drawer.getByRole('combobox', { name: '活動類型' }), kind);
  const code = `E2E-${tag(8)}`;
  await drawer.getByRole('radio', { name: '通用折扣碼' }).check();
  await drawer.getByLabel('折扣碼', { exact: true }).fill(code.toLowerCase());
  await expect(drawer.getByLabel('折扣碼', { exact: true })).toHaveValue(code);
  return code;
}

/** 新增 → 新增或更新成功 → the drawer closes; the list (searched by name) shows the row. */
async function save(page: Page, drawer: Locator, name: string, kindLabel: string, code: string | null): Promise<void> {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/promotions');
  await drawer.getByRole('button', { name: '新增', exact: true }).click();
  expect(await (await answer).json()).toMatchObject({ success: true });
  // The last save's toast (an earlier one may still be fading out).
  await expect(toast(page, '新增或更新成功').last()).toBeVisible();
  await expect(drawer).toBeHidden();
  const search = page.getByLabel('搜尋行銷活動');
  await search.fill(name);
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(kindLabel);
  await expect(row).toContainText('進行中');
  if (code) await expect(row).toContainText(`折扣碼 ${code}`);
  // At 1366 px every action of the row shows without sliding the table sideways.
  if (page.viewportSize()!.width >= 1366) await expect(row.getByRole('button', { name: `刪除「${name}」` })).toBeInViewport({ ratio: 1 });
}

/** Picks `label` in a product/variant picker after typing `search` (the server searches the catalogue). */
async function pickVariant(page: Page, select: Locator, search: string, label: string): Promise<void> {
  await select.click();
  await select.fill(search);
  const list = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  await expect(list.getByTitle(label, { exact: true })).toBeVisible();
  await list.getByTitle(label, { exact: true }).click();
  await expect(list).toBeHidden();
}

/** The drawer, once slid in, lies within the screen's width (its left and right edges). */
async function expectWithinScreen(drawer: Locator, width: number): Promise<void> {
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box ? [Math.max(0, Math.round(box.x)) === Math.round(box.x), box.x + box.width <= width + 0.5] : [false, false];
    }, { message: 'the drawer within the screen' })
    .toEqual([true, true]);
}

test.describe('行銷活動 for staff (issue 20)', () => {
  // Sign-in, several drawers and the promotion catalogue's pickers; the report test also pays an order.
  test.describe.configure({ timeout: 150_000 });

  test('@desktop the rules refuse an empty form; 滿額折 with two tiers, 任選組合價 and 免運 made through the form and saved as typed', async ({ page }, testInfo) => {
    await signIn(page, ADMIN, '/admin/promotions', '行銷活動');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();

    // Nothing typed: every rule at once, nothing sent.
    let drawer = await openNewForm(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/promotions')) posted = true;
    });
    await drawer.getByRole('button', { name: '新增', exact: true }).click();
    await expect(drawer.getByTestId('promotion-form-banner')).toContainText('請檢查表單欄位');
    await expect(drawer.locator('#promotion_name_help')).toHaveText('請輸入活動名稱');
    await expect(drawer.locator('#promotion_kind_help')).toHaveText('請選擇活動類型');
    expect(posted).toBe(false);
    await drawer.getByRole('button', { name: '取消' }).click();
    await expect(drawer).toBeHidden();

    // 滿額折: two tiers (the highest reached applies).
    const amountName = `E2E 滿額折 ${tag(5)}`;
    drawer = await openNewForm(page);
    const amountCode = await basics(page, drawer, '滿額折', amountName);
    await drawer.getByRole('spinbutton', { name: '級距 1 門檻' }).fill('1000');
    await drawer.getByRole('spinbutton', { name: '級距 1 折抵金額' }).fill('100');
    await drawer.getByRole('button', { name: '新增級距' }).click();
    await drawer.getByRole('spinbutton', { name: '級距 2 門檻' }).fill('2000');
    await drawer.getByRole('spinbutton', { name: '級距 2 折抵金額' }).fill('250');
    await save(page, drawer, amountName, '滿額折', amountCode);
    expect(await adminPromotionNamed(page.request, amountName)).toMatchObject({
      kind: 'amount_off',
      status: 'running',
      is_active: 1,
      coupon_mode: 'shared',
      shared_code: amountCode,
      tiers: [
        { threshold: 1000, value: 100 },
        { threshold: 2000, value: 250 },
      ],
    });

    // 任選組合價: any 2 for NT$ 999.
    const bundleName = `E2E 任選 ${tag(5)}`;
    drawer = await openNewForm(page);
    const bundleCode = await basics(page, drawer, '任選組合價', bundleName);
    await drawer.getByRole('spinbutton', { name: '任選件數' }).fill('2');
    await drawer.getByRole('spinbutton', { name: '組合價' }).fill('999');
    await save(page, drawer, bundleName, '任選組合價', bundleCode);
    expect(await adminPromotionNamed(page.request, bundleName)).toMatchObject({ kind: 'bundle_price', bundle_quantity: 2, bundle_price: 999, shared_code: bundleCode });

    // 免運: members only, from NT$ 500.
    const shipName = `E2E 免運 ${tag(5)}`;
    drawer = await openNewForm(page);
    const shipCode = await basics(page, drawer, '免運', shipName);
    await expect(drawer.getByText('符合條件的訂單免運費，無其他設定。')).toBeVisible();
    await drawer.getByRole('spinbutton', { name: '最低消費' }).fill('500');
    await drawer.getByRole('switch', { name: '限會員' }).click();
    await save(page, drawer, shipName, '免運', shipCode);
    expect(await adminPromotionNamed(page.request, shipName)).toMatchObject({ kind: 'free_shipping', min_subtotal: 500, member_only: 1, shared_code: shipCode });
    await keepShot(page, testInfo, 'promo-admin-list');
  });

  test('@desktop 滿額贈 and 加價購 made through the form: the variant pickers search the catalogue', async ({ page }) => {
    const giftPick = await pickerProduct(page.request);
    const addonPick = await pickerProduct(page.request, [giftPick.product.product_id]);
    await signIn(page, ADMIN, '/admin/promotions', '行銷活動');

    // 滿額贈: from NT$ 1,200, 5 gifts.
    const giftName = `E2E 滿額贈 ${tag(5)}`;
    let drawer = await openNewForm(page);
    const giftCode = await basics(page, drawer, '滿額贈', giftName);
    await pickVariant(page, drawer.getByRole('combobox', { name: '贈品' }), giftPick.product.title, variantLabel(giftPick));
    await drawer.getByRole('spinbutton', { name: '贈品數量' }).fill('5');
    await drawer.getByRole('spinbutton', { name: '最低消費' }).fill('1200');
    await keepShot(page, test.info(), 'promo-admin-gift-form');
    await save(page, drawer, giftName, '滿額贈', giftCode);
    expect(await adminPromotionNamed(page.request, giftName)).toMatchObject({
      kind: 'gift',
      gift_variant_id: giftPick.variant.variant_id,
      gift_stock: 5,
      min_subtotal: 1200,
      shared_code: giftCode,
    });

    // 加價購: one item at NT$ 99, at most 2 an order.
    const addonName = `E2E 加價購 ${tag(5)}`;
    drawer = await openNewForm(page);
    const addonCode = await basics(page, drawer, '加價購', addonName);
    await expect(drawer.getByText('尚未加入加價購商品')).toBeVisible();
    await drawer.getByRole('button', { name: '新增加價購商品' }).click();
    await pickVariant(page, drawer.getByRole('combobox', { name: '加價購商品 1', exact: true }), addonPick.product.title, variantLabel(addonPick));
    await drawer.getByRole('spinbutton', { name: '加價購商品 1 價格' }).fill('99');
    await drawer.getByRole('spinbutton', { name: '加價購商品 1 每筆限購' }).fill('2');
    await save(page, drawer, addonName, '加價購', addonCode);
    expect(await adminPromotionNamed(page.request, addonName)).toMatchObject({
      kind: 'addon',
      addon_items: [{ variant_id: addonPick.variant.variant_id, addon_price: 99, max_per_order: 2 }],
      shared_code: addonCode,
    });
  });

  test('@desktop 折扣 一組一碼: codes generated and listed, the CSV (BOM, header); a code used by a paid order; the report counts it', async ({ page, playwright, baseURL }, testInfo) => {
    await signIn(page, ADMIN, '/admin/promotions', '行銷活動');

    // 折扣: 12% off, at most NT$ 200, one code per shopper (一組一碼).
    const name = `E2E 一組一碼 ${tag(5)}`;
    const drawer = await openNewForm(page);
    await drawer.getByLabel('活動名稱').fill(name);
    await pickOption(page, drawer.getByRole('combobox', { name: '活動類型' }), '折扣');
    await drawer.getByRole('spinbutton', { name: '折扣百分比' }).fill('12');
    await drawer.getByRole('spinbutton', { name: '折抵上限' }).fill('200');
    await drawer.getByRole('radio', { name: '一組一碼' }).check();
    await expect(drawer.getByText('儲存後在列表按「折扣碼」產生一組一次性的折扣碼。')).toBeVisible();
    await save(page, drawer, name, '折扣', null);
    const saved = await adminPromotionNamed(page.request, name);
    expect(saved).toMatchObject({ kind: 'percent_off', percent: 12, max_discount: 200, coupon_mode: 'unique', codes_total: 0 });
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await expect(row).toContainText('一人一碼');

    // Generate 5 codes with a prefix: listed at once.
    await row.getByRole('button', { name: `「${name}」的折扣碼` }).click();
    const codes = page.getByRole('dialog', { name: `折扣碼：${name}` });
    await expect(codes.getByText('尚未產生折扣碼')).toBeVisible();
    const prefix = `E2E${tag(4)}-`;
    await codes.getByRole('spinbutton', { name: '產生數量' }).fill('5');
    await codes.getByRole('textbox', { name: '折扣碼前綴' }).fill(prefix.toLowerCase());
    await codes.getByRole('button', { name: '產生', exact: true }).click();
    await expect(toast(page, '已產生 5 組折扣碼')).toBeVisible();
    await expect(codes.getByText('共 5 組，已使用 0 組')).toBeVisible();
    const listed = codes.locator('code.ss-promo-code');
    await expect(listed).toHaveCount(5);
    const shown = (await listed.allTextContents()).map((c) => c.trim());
    for (const c of shown) expect(c).toMatch(new RegExp(`^${prefix}[A-Z0-9]+$`));
    expect(new Set(shown).size).toBe(5);

    // One code on a real order (the shop's quote and submitOrder), paid on the simulator.
    const api = await playwright.request.newContext({ baseURL });
    let order;
    try {
      const made = await ensureShopMember(api, testInfo);
      if (!made.loggedIn) await login(api, made.member);
      const pick = await findProduct(api, anyInStock);
      order = await orderWithCode(api, made.member, pick, shown[0]);
      expect(order.discount).toBe(Math.min(200, Math.floor((pick.variant.discount_price * 12) / 100)));
      await payOnSimulator(page, { ...order, receiver: '陳美麗' });
      await expectPaid(api, order.merTradeNo);
    } finally {
      await api.dispose();
    }

    // The list says which order used it.
    await codes.getByRole('button', { name: '重新整理折扣碼' }).click();
    const usedRow = codes.locator('.ant-table-row').filter({ hasText: shown[0] });
    await expect(usedRow).toContainText('已使用');
    await expect(usedRow).toContainText(order.merTradeNo);

    // The CSV the link gives: UTF-8 with BOM, the header, every code, the used one with its order.
    const link = codes.getByRole('link', { name: /下載 CSV/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`/api/admin/promotions/${saved.id}/codes\\.csv$`));
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('code,used,order,used_at');
    expect(lines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual([...shown].sort());
    const usedLine = lines.find((l) => l.startsWith(`${shown[0]},`))!.split(',');
    expect(usedLine.slice(1, 3)).toEqual(['1', order.merTradeNo]);
    expect(usedLine[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await codes.getByRole('button', { name: /^(Close|關閉)$/ }).click();
    await expect(codes).toBeHidden();

    // The report: one order, its discount, its paid goods, one code; the chart of the day.
    await row.getByRole('button', { name: `「${name}」的報表` }).click();
    const report = page.getByRole('dialog', { name: `活動報表：${name}` });
    await expect(report.getByTestId('report-orders').locator('.ant-statistic-content')).toHaveText('1');
    await expect(report.getByTestId('report-discount').locator('.ant-statistic-content')).toHaveText(nt(order.discount));
    await expect(report.getByTestId('report-revenue').locator('.ant-statistic-content')).toHaveText(nt(order.revenue));
    await expect(report.getByTestId('report-codes').locator('.ant-statistic-content')).toHaveText('1');
    const chart = report.getByRole('figure', { name: `每日營收與折扣圖，共 1 天，營收合計 ${nt(order.revenue)}` });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(1);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const day = report.getByRole('table').locator('tbody tr').filter({ hasText: today });
    await expect(day).toContainText(nt(order.discount));
    await expect(day).toContainText(nt(order.revenue));
    await keepShot(page, testInfo, 'promo-admin-report');
  });

  test('@phone the list renders; the form and the report drawers fit the screen', async ({ page, playwright, baseURL }, testInfo) => {
    // A promotion of its own with one order (its code typed), so its report has a day to show.
    const code = `E2E-${tag(8)}`;
    const name = `E2E 手機報表 ${code.slice(4)}`;
    await createPromotion(() => playwright.request.newContext({ baseURL }), {
      name,
      kind: 'amount_off',
      tiers: [{ threshold: 100, value: 30 }],
      coupon_mode: 'shared',
      shared_code: code,
    });
    const api = await playwright.request.newContext({ baseURL });
    try {
      const made = await ensureShopMember(api, testInfo);
      if (!made.loggedIn) await login(api, made.member);
      await orderWithCode(api, made.member, await findProduct(api, anyInStock), code);
    } finally {
      await api.dispose();
    }

    await signIn(page, ADMIN, '/admin/promotions', '行銷活動');
    // On a phone the list is one card per promotion (ResponsiveList), a table row on wider screens.
    await expect(listRows(page).first()).toBeVisible();
    const search = page.getByLabel('搜尋行銷活動');
    await search.fill(name);
    await search.press('Enter');
    const row = listRows(page).filter({ hasText: name });
    await expect(listRows(page)).toHaveCount(1);
    await expect(row).toContainText('滿額折');
    await expect(row).toContainText('進行中');
    await keepShot(page, testInfo, 'promo-admin-list');
    const width = page.viewportSize()!.width;

    const drawer = await openNewForm(page);
    await pickOption(page, drawer.getByRole('combobox', { name: '活動類型' }), '滿額折');
    await expect(drawer.getByRole('spinbutton', { name: '級距 1 門檻' })).toBeVisible();
    await expectWithinScreen(drawer, width);
    for (const b of [drawer.getByRole('button', { name: '新增', exact: true }), drawer.getByRole('button', { name: '取消' })]) await expect(b).toBeInViewport();
    // Nothing in the form is wider than the screen.
    const overflow = await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepShot(page, testInfo, 'promo-admin-form');
    await drawer.getByRole('button', { name: '取消' }).click();
    await expect(drawer).toBeHidden();

    await row.getByRole('button', { name: `「${name}」的報表` }).click();
    const report = page.getByRole('dialog', { name: `活動報表：${name}` });
    await expect(report.getByTestId('report-orders').locator('.ant-statistic-content')).toHaveText('1');
    await expectWithinScreen(report, width);
    await expect(report.getByTestId('report-codes')).toBeInViewport();
    // The day table's four columns fit the phone (營收 is not slid off-screen).
    await expect(report.getByRole('table').getByRole('columnheader', { name: '營收' })).toBeInViewport({ ratio: 1 });
    await keepShot(page, testInfo, 'promo-admin-report');
  });
});
