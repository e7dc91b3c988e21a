import { expect, test, type Locator, type Page } from '@playwright/test';
import { anyInStock, catalogueSeenBy, escapeRegExp, findProduct, loadCatalogue, nt, severalVariants, withSoldOutVariant } from './catalog-data';
import { isMobile, keepScreenshot, navigate } from './nav';

const cards = (page: Page) => page.getByTestId('product-card');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: '搜尋商品' });

async function prices(page: Page): Promise<number[]> {
  return (await cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))))) as number[];
}

/** Whether the cards' prices are in `order`. */
async function sortedBy(page: Page, order: (a: number, b: number) => number): Promise<boolean> {
  const shown = await prices(page);
  return shown.join() === [...shown].sort(order).join();
}

async function chooseVariant(scope: Locator, name: string) {
  await scope.locator('.ss-variant-name').getByText(name, { exact: true }).click();
}

test.describe('catalogue to cart', () => {
  test('browse, search, filter and sort, then add a variant from the popup to the cart', async ({ page, request }, testInfo) => {
    const catalogue = await loadCatalogue(request);
    const { productsTypes } = catalogue;
    expect(catalogue.products.length).toBeGreaterThanOrEqual(40);
    expect(productsTypes.length).toBeGreaterThanOrEqual(6);
    const { product, variant, variants } = await findProduct(request, severalVariants);

    const seen = catalogueSeenBy(page);
    await page.goto('/');
    await navigate(page, '全部商品', testInfo);
    await expect(page).toHaveURL(/\/products$/);
    await expect(page).toHaveTitle(/^全部商品 \| /);
    await expect(cards(page).first()).toBeVisible();
    // Counted against what the page was given: other tests add products while this one runs.
    const { products } = await seen();
    await expect(cards(page)).toHaveCount(products.length);
    await keepScreenshot(page, testInfo, 'products');

    // Search: case-insensitive substring of title or description.
    const needle = product.title.slice(0, Math.min(3, product.title.length));
    await searchBox(page).fill(needle);
    await expect(page).toHaveURL(/[?&]q=/);
    const expected = products.filter((p) => `${p.title}\n${p.description}`.toLowerCase().includes(needle.toLowerCase()));
    await expect(cards(page)).toHaveCount(expected.length);
    await searchBox(page).fill('');
    await expect(cards(page)).toHaveCount(products.length);

    // Category filter.
    await page.getByRole('group', { name: '商品分類' }).getByRole('button', { name: product.type_name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]type=${product.product_type}`));
    await expect(cards(page)).toHaveCount(products.filter((p) => p.product_type === product.product_type).length);

    // Sorts by discount price, both ways.
    const sort = page.getByRole('combobox', { name: '排序' });
    await expect(sort).toHaveValue('managerRec');
    await sort.selectOption({ label: '價格低到高' });
    await expect(page).toHaveURL(/sort=priceAsc/);
    // The list re-renders after the URL has changed: wait for what the shopper waits for, the cards in order.
    await expect.poll(() => sortedBy(page, (a, b) => a - b), { message: 'cards by price, low to high' }).toBe(true);
    await sort.selectOption({ label: '價格高到低' });
    await expect(page).toHaveURL(/sort=priceDesc/);
    await expect.poll(() => sortedBy(page, (a, b) => b - a), { message: 'cards by price, high to low' }).toBe(true);

    // A search with no match shows the empty state.
    await searchBox(page).fill('不可能出現的商品名稱zzz');
    await expect(page.getByText('沒有符合條件的商品')).toBeVisible();
    await searchBox(page).fill(product.title);
    const card = cards(page).filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
    await expect(card).toHaveCount(1);

    // The popup: several variants, so a choice is required first.
    await card.getByRole('button', { name: `查看 ${product.title}` }).click();
    const popup = page.getByTestId('product-popup');
    await expect(popup.getByRole('heading', { name: product.title })).toBeVisible();
    // Before a variant is chosen the stepper is capped by the most any variant has (issue 20), at most 99.
    const most = Math.max(...variants.map((v) => v.stock));
    await expect(popup.getByText(most >= 99 ? '最多可選 99 件' : `庫存僅剩 ${most} 件`)).toBeVisible();
    await expect(popup.getByRole('button', { name: '減少數量' })).toBeDisabled();
    await popup.getByRole('button', { name: /加入購物車/ }).click();
    await expect(page.locator('.ant-message').getByText('請先選擇規格！')).toBeVisible();

    await chooseVariant(popup, variant.variant_name);
    await popup.getByRole('button', { name: '增加數量' }).click();
    await expect(popup.getByRole('textbox', { name: '數量' })).toHaveValue('2');
    await popup.getByRole('button', { name: /加入購物車/ }).click();
    // The navbar cart dropdown opens for 2 s: look at it first.
    const dropdown = page.getByTestId('cart-dropdown');
    await expect(dropdown).toContainText(product.title, { timeout: 1500 });
    await expect(popup).toBeHidden();
    await expect(page.locator('.ant-message').getByText(/加入購物車/)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(dropdown).toBeHidden({ timeout: 5000 });

    // The navbar turns to its scrolled style after 50 px; a new page starts at the top.
    await page.mouse.wheel(0, 800);
    await expect(page.getByTestId('navbar')).toHaveClass(/is-scrolled/);
    await page.getByTestId('nav-cart').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(product.title);
    await expect(line).toContainText(variant.variant_name);
    await expect(line.getByTestId('cart-line-total')).toHaveText(nt(variant.discount_price * 2));
    await expect(page.getByTestId('cart-subtotal')).toHaveText(nt(variant.discount_price * 2));
    await expect(page.getByRole('radiogroup', { name: '配送方式' }).getByRole('radio')).not.toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toContainText('NT$');
    await expect(page.getByRole('link', { name: '前往結帳' })).toHaveAttribute('href', '/checkout');
  });
});

test.describe('product page', () => {
  test('media, variants, then buy now goes to the cart', async ({ page, request }, testInfo) => {
    const { product, variants, variant } = await findProduct(request, anyInStock);
    await page.goto(`/product/${product.product_id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(product.title)} \\| `));
    const crumbs = page.locator('.ss-breadcrumb');
    await expect(crumbs.getByRole('link', { name: '全部商品' })).toHaveAttribute('href', '/products');
    await expect(crumbs.getByRole('link', { name: product.type_name })).toBeVisible();
    await expect(page.getByRole('tab', { name: '商品詳情' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '規格說明' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: '規格' })).toBeVisible();
    // The first screen is plain React + CSS: no antd component (they generate styles in their first render).
    await expect(page.locator('.ss-product-page').locator('[class^="ant-"], [class*=" ant-"]')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'product');

    if (variants.length > 1) await chooseVariant(page.locator('.ss-purchase'), variant.variant_name);
    else await expect(page.getByRole('radio', { name: new RegExp(escapeRegExp(variant.variant_name)) })).toBeChecked();
    await page.getByRole('button', { name: '立即購買' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page).toHaveTitle(/^購物車 \| /);
    const line = page.getByTestId('cart-line').filter({ hasText: product.title });
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('cart-line-total')).toHaveText(nt(variant.discount_price));
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // The cart survives a reload (localStorage).
    await page.reload();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    if (isMobile(testInfo)) await expect(page.getByTestId('nav-burger')).toBeVisible();
  });

  test('a sold-out variant shows 已售完 and cannot be added', async ({ page, request }) => {
    const { product, variant } = await findProduct(request, withSoldOutVariant);
    await page.goto(`/product/${product.product_id}`);
    await chooseVariant(page.locator('.ss-purchase'), variant.variant_name);
    const add = page.locator('.ss-purchase').getByRole('button', { name: '已售完' });
    await expect(add).toBeDisabled();
    await expect(page.getByRole('button', { name: '立即購買' })).toBeDisabled();
  });

  test('an unknown product and an unknown page say so', async ({ page }) => {
    await page.goto('/product/99999999');
    await expect(page.getByText('找不到商品')).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByText('找不到這個頁面')).toBeVisible();
    await page.getByRole('link', { name: '逛逛全部商品' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('shell', () => {
  test('navbar menus, footer company settings and titles', async ({ page, request }, testInfo) => {
    const res = await request.post('/api/load/versions', { data: {} });
    const { Settings } = (await res.json()) as { Settings: { s_key: string; s_value: string }[] };
    const setting = (key: string) => Settings.find((x) => x.s_key === key)?.s_value ?? '';

    await page.goto('/');
    await expect(page).toHaveTitle(setting('COMPANY_NAME'));
    const footer = page.getByTestId('footer');
    await expect(footer).toContainText(setting('COMPANY_NAME'));
    await expect(footer).toContainText(`統一編號 ${setting('COMPANY_TAXID')}`);
    await expect(footer).toContainText(setting('COMPANY_PHONE'));
    await expect(footer).toContainText(setting('COMPANY_EMAIL'));

    if (isMobile(testInfo)) {
      const burger = page.getByTestId('nav-burger');
      await burger.click();
      const drawer = page.locator('#ss-mobile-nav');
      await expect(drawer.getByRole('link', { name: '面膜保養' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: '登入' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(burger).toBeFocused();
    } else {
      await page.getByTestId('nav-knowledge').hover();
      await expect(page.getByRole('link', { name: '保養小撇步' })).toBeVisible();
      const member = page.getByRole('button', { name: '會員選單' });
      await member.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('link', { name: '註冊' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('link', { name: '註冊' })).toBeHidden();
      await expect(member).toBeFocused();
    }
  });
});
