import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { nt } from './catalog-data';
import {
  createProductByApi,
  editorAccount,
  expectNoSideScroll,
  expectToast,
  jpegFile,
  listedProduct,
  shopperContext,
  signIn,
  unique,
} from './admin-catalog-data';
import { dialog, keepShot, listRows, openedDialog, pickOption } from './nav';

/**
 * Issue 12 in the browser (back-office II, catalogue): an editor signs in, adds a category and a
 * product with two variants and media from the image library, sees it on /products at once as a
 * shopper, changes a price (the product page shows it), unlists it (gone for shoppers at once);
 * the HTML editor's AI 優化 → 儲存 → the product page; the editor's phone message; the products
 * screen and its modal on a phone.
 */

/** The shopper's product card titled `title` on /products?q=… */
const card = (page: Page, title: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('back-office catalogue (issue 12)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('category → product with two variants and library media → on /products at once → price edit → unlist', { tag: '@desktop' }, async ({ page, browser, playwright, baseURL, request }, testInfo) => {
    const editor = await editorAccount(() => playwright.request.newContext({ baseURL }));
    const id = unique();
    const typeName = `E2E類別${id}`;
    const title = `E2E修護精華 ${id}`;

    // The shopper looks at the shop first (their browser keeps the catalogue and its version).
    const shopper = await shopperContext(browser, page, testInfo);
    const shop = await shopper.newPage();
    await shop.goto(`/products?q=${encodeURIComponent(title)}`);
    await expect(shop.getByText('沒有符合條件的商品')).toBeVisible();

    // An editor lands on the products screen.
    await signIn(page, editor, '/admin/products', '商品管理');

    // 類別管理: a new category.
    await page.getByRole('button', { name: '類別管理' }).click();
    const types = dialog(page, '類別管理');
    await expect(types).toBeVisible();
    await types.getByLabel('類別名稱').fill(typeName);
    await types.getByRole('button', { name: '新增類別' }).click();
    await expectToast(page, '類別已新增');
    await expect(types.locator('tr').filter({ hasText: typeName })).toBeVisible();
    await keepShot(page, testInfo, 'admin-categories');
    await page.keyboard.press('Escape');
    await expect(types).toBeHidden();

    // 新增商品.
    await page.getByRole('button', { name: '新增商品' }).click();
    const form = await openedDialog(page, '新增商品');
    await form.getByLabel('SEO 描述').fill(`${title}：神經醯胺修護屏障，敏感肌也能安心使用的精華液。`);
    await pickOption(page, form.getByLabel('商品分類'), typeName);
    await expect(form.getByTitle(typeName, { exact: true })).toBeVisible();
    await form.getByLabel('商品名稱').fill(title);
    await form.getByLabel('商品描述').fill('修護屏障，敏感肌適用');
    await form.getByLabel('單位', { exact: true }).fill('瓶');

    // The main image: uploaded in the image library picker (a real JPEG), chosen at once.
    const photo = await jpegFile(`prod-${id}.jpg`);
    const mainField = form.locator('.ss-image-url-field').filter({ has: page.getByLabel('商品主圖網址', { exact: true }) });
    await mainField.getByRole('button', { name: '圖片庫' }).click();
    let picker = dialog(page, '選擇圖片');
    await expect(picker).toBeVisible();
    await picker.locator('input[type="file"]').setInputFiles(photo);
    await expectToast(page, /已上傳 1 個檔案/);
    await expect(picker).toBeHidden();
    const mainUrl = form.getByLabel('商品主圖網址', { exact: true });
    await expect(mainUrl).toHaveValue(/^\/media\/.+\.webp$/);
    const imageUrl = await mainUrl.inputValue();
    await expect(form.getByRole('img', { name: '商品主圖預覽' })).toHaveAttribute('src', imageUrl);

    // A media row: the same image picked from the library list (searched by its name).
    await form.getByRole('button', { name: '新增媒體' }).click();
    const mediaField = form.locator('.ss-image-url-field').filter({ has: page.getByLabel('媒體 1 網址', { exact: true }) });
    await mediaField.getByRole('button', { name: '圖片庫' }).click();
    picker = dialog(page, '選擇圖片');
    await picker.getByLabel('搜尋圖片').fill(id);
    await picker.getByRole('button', { name: `選擇 prod-${id}.webp` }).click();
    await expect(picker).toBeHidden();
    await expect(form.getByLabel('媒體 1 網址', { exact: true })).toHaveValue(imageUrl);

    // Two variants; a price with a thousands comma.
    await form.getByRole('button', { name: '新增規格' }).click();
    await form.getByRole('button', { name: '新增規格' }).click();
    await form.getByLabel('規格 1 名稱').fill('30ml');
    await form.getByLabel('規格 1 數量').fill('20');
    await form.getByLabel('規格 1 原價').fill('1,280');
    await form.getByLabel('規格 1 折扣價').fill('1,080');
    await form.getByLabel('規格 2 名稱').fill('50ml');
    await form.getByLabel('規格 2 數量').fill('8');
    await form.getByLabel('規格 2 原價').fill('1,880');
    await form.getByLabel('規格 2 折扣價').fill('1,580');
    await expect(form.locator('#product_stock_total')).toHaveValue('28');
    await keepShot(page, testInfo, 'admin-product-new');
    await form.getByRole('button', { name: '新增', exact: true }).click();
    await expectToast(page, '新增或更新成功');
    await expect(form).toBeHidden();

    // The list: searched by name (Enter), listed, in the new category.
    const search = page.getByLabel('搜尋商品');
    await search.fill(title);
    await search.press('Enter');
    const row = listRows(page).filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(typeName);
    await expect(row).toContainText('28');
    const onSwitch = row.getByRole('switch', { name: `上架「${title}」` });
    await expect(onSwitch).toBeChecked();
    const made = await listedProduct(request, title);
    expect(made, 'listed on the public API').toBeDefined();
    const productId = made!.product_id;

    // The shopper: on /products at once, then its page with both variants and the library image.
    await shop.goto(`/products?q=${encodeURIComponent(title)}`);
    await expect(card(shop, title)).toHaveCount(1);
    await expect(card(shop, title)).toHaveAttribute('data-price', '1080');
    await shop.goto(`/products?type=${(await typeIdOf(request, typeName)) ?? ''}`);
    await expect(card(shop, title)).toHaveCount(1);
    await shop.goto(`/product/${productId}`);
    await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const variant = (name: string) => shop.locator('label.ss-variant').filter({ hasText: name });
    await expect(variant('30ml')).toContainText(nt(1080));
    await expect(variant('50ml')).toContainText(nt(1580));
    await expect(shop.locator(`img[src="${imageUrl}"]`).first()).toBeAttached();

    // Price edit in the product modal.
    await row.getByRole('button', { name: `編輯「${title}」` }).click();
    const edit = dialog(page, `編輯商品 #${productId}`);
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('規格 1 折扣價')).toHaveValue('1080');
    await edit.getByLabel('規格 1 折扣價').fill('890');
    await edit.getByRole('button', { name: '儲存', exact: true }).click();
    await expectToast(page, '新增或更新成功');
    await expect(edit).toBeHidden();

    await shop.goto(`/product/${productId}`);
    await expect(variant('30ml')).toContainText(nt(890));
    await expect(variant('50ml')).toContainText(nt(1580));
    await shop.goto(`/products?q=${encodeURIComponent(title)}`);
    await expect(card(shop, title)).toHaveAttribute('data-price', '890');

    // Unlist: the switch → gone for shoppers at once.
    await onSwitch.click();
    await expectToast(page, `已下架「${title}」`);
    await expect(onSwitch).not.toBeChecked();
    await page.reload();
    await expect(listRows(page).filter({ hasText: title }).getByRole('switch')).not.toBeChecked();

    await shop.goto(`/products?q=${encodeURIComponent(title)}`);
    await expect(shop.getByText('沒有符合條件的商品')).toBeVisible();
    await expect(card(shop, title)).toHaveCount(0);
    await shop.goto(`/product/${productId}`);
    await expect(shop.getByText('找不到商品')).toBeVisible();
    expect(await listedProduct(request, title)).toBeUndefined();
    await shopper.close();
  });

  // The HTML editor is desktop only (spec 3 §2): a phone gets the mobile message (the @phone test below).
  test('/editor: AI 優化 (the simulator answers) → 儲存 → the product page shows the saved HTML @desktop', async ({ page, browser, playwright, baseURL }, testInfo) => {
    const editor = await editorAccount(() => playwright.request.newContext({ baseURL }));
    const id = unique();
    const title = `E2E編輯器商品 ${id}`;
    const productId = await createProductByApi(page.request, editor, title);
    // page.request shares the page's cookies: the editor is signed in. 詳細 on the products list opens /editor in its own window.
    await page.goto(`/admin/products?q=${encodeURIComponent(title)}`);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: `詳細「${title}」` }).click()]);
    await expect(popup).toHaveURL(new RegExp(`/editor\\?edittype=product&product_id=${productId}$`));
    await editorFlow(popup, browser, testInfo, productId, title);
  });

  test('/editor on a phone says it is desktop only @phone', async ({ page, playwright, baseURL }) => {
    const editor = await editorAccount(() => playwright.request.newContext({ baseURL }));
    const productId = await createProductByApi(page.request, editor, `E2E手機編輯 ${unique()}`);
    await page.goto(`/editor?edittype=product&product_id=${productId}`);
    // Spec 3 §8: a message that mobile does not support HTML editing (the exact ending is the shop's wording).
    await expect(page.getByText(/^手機版不支援 HTML 編輯，請使用電腦/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'AI 優化' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: '原文內容' })).toHaveCount(0);
  });

  test('on a phone: the products list and the product modal are usable @phone', async ({ page, playwright, baseURL }, testInfo) => {
    const editor = await editorAccount(() => playwright.request.newContext({ baseURL }));
    await signIn(page, editor, '/admin/products', '商品管理');
    const rows = listRows(page);
    await expect(rows.first()).toBeVisible();
    await expect(rows).toHaveCount(10);
    await expectNoSideScroll(page);
    // The header's buttons and the search are on the screen.
    await expect(page.getByRole('button', { name: '新增商品' })).toBeInViewport();
    await expect(page.getByLabel('搜尋商品')).toBeInViewport();
    // The list shows cards on a phone: each one's 編輯 is reachable.
    const first = rows.first();
    const edit = first.getByRole('button', { name: /^編輯「/ });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport();
    await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-admin-products-phone.png` });
    // 詳細 (the HTML editor) says phones cannot edit HTML instead of opening a window.
    let popups = 0;
    page.context().on('page', () => popups++);
    await first.getByRole('button', { name: /^詳細「/ }).click();
    await expectToast(page, /^手機版不支援 HTML 編輯，請使用電腦/);
    expect(popups).toBe(0);

    // The product modal fits the phone; every field reachable; Escape closes it.
    await edit.click();
    const form = dialog(page, /^編輯商品 #\d+$/);
    await expect(form).toBeVisible();
    const box = await form.locator('.ant-modal-container').boundingBox();
    expect(box, 'modal box').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(391);
    await expect(form.getByLabel('商品名稱')).toBeInViewport();
    const v1 = form.getByLabel('規格 1 折扣價');
    await v1.scrollIntoViewIfNeeded();
    await expect(v1).toBeInViewport();
    const v1Box = await v1.boundingBox();
    expect(v1Box!.x + v1Box!.width).toBeLessThanOrEqual(391);
    const save = form.getByRole('button', { name: '儲存', exact: true });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await keepShot(page, testInfo, 'admin-product-modal-phone');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
  });
});

/** The id of the category named `name` (the public list carries the listed categories). */
async function typeIdOf(request: APIRequestContext, name: string): Promise<number | undefined> {
  const res = await request.get('/api/load/loadProducts');
  const { productsTypes } = (await res.json()) as { productsTypes: { id: number; type_name: string }[] };
  return productsTypes.find((t) => t.type_name === name)?.id;
}

/** In the /editor window: text typed, AI 優化 (the simulator answers), 儲存; a shopper's product page shows the saved HTML. */
async function editorFlow(page: Page, browser: Browser, testInfo: TestInfo, productId: number, title: string): Promise<void> {
  const id = title.split(' ').pop() ?? '';
  await expect(page.getByRole('heading', { name: 'HTML 編輯器', level: 1 })).toBeVisible();
  await expect(page.getByText(`商品 #${productId} 詳細說明`)).toBeVisible();

  const original = page.getByRole('textbox', { name: '原文內容' });
  await expect(original).toBeVisible();
  await original.click();
  const line = `這款精華含有神經醯胺與玻尿酸 ${id}`;
  await page.keyboard.type(line);
  await expect(original).toContainText(line);
  await expect(page.getByText('尚未儲存')).toBeVisible();

  await page.getByRole('button', { name: 'AI 優化' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'AI 優化完成' })).toBeVisible();
  const ai = page.getByRole('textbox', { name: 'AI 文字內容' });
  await expect(ai).toContainText(line);
  await expect(ai).toContainText('（AI 優化）');
  await expect(page.getByText(/今日剩餘 \d+ 次/).first()).toBeVisible();
  await keepShot(page, testInfo, 'editor-ai');

  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '儲存成功' })).toBeVisible();
  await expect(page.getByText('已儲存')).toBeVisible();

  // A shopper's product page: the saved (AI) HTML in 商品詳情.
  const shopper = await shopperContext(browser, page, testInfo);
  const shop = await shopper.newPage();
  await shop.goto(`/product/${productId}`);
  await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const detail = shop.locator('.ss-product-tabs .ss-html-content').first();
  await expect(detail).toContainText(line);
  await expect(detail).toContainText('（AI 優化）');
  await shopper.close();
}
