import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { findProduct, loadCatalogue, severalVariants, variantsOf, type Pick } from './catalog-data';
import { isMobile, navigate } from './nav';
import { tag } from './promotions-data';
import { ownProduct, type OwnVariant } from './rewards-data';

/**
 * Issue 9 §11–14, 18 and 21: what a shopper sees on a phone (390×844) and on the desktop —
 * toasts inside the screen, quantities held at the stock, floating buttons that cover nothing,
 * Back closing the product popup, the product page's bottom bar.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box (not rendered)');
  return b;
}

/** The element lies entirely inside the visible screen (waits for a smooth scroll to settle). */
async function expectOnScreen(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const vp = page.viewportSize()!;
  await expect(async () => {
    const b = await box(locator);
    expect(b.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
    expect(b.y, 'top edge on screen').toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, 'right edge on screen').toBeLessThanOrEqual(vp.width);
    expect(b.y + b.height, 'bottom edge on screen').toBeLessThanOrEqual(vp.height);
  }).toPass({ timeout: 5000 });
}

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
const chooseVariant = (scope: Locator, name: string) => scope.locator('.ss-variant-name').getByText(name, { exact: true }).click();
const searchBox = (page: Page) => page.getByRole('searchbox', { name: '搜尋商品' });
const cardOf = (page: Page, title: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const fabToggle = (page: Page) => page.getByTestId('floating-toggle');

/**
 * A product of this test's own whose `low` variant holds less than 99, so the stock (not 99) holds
 * the quantity: no test running alongside buys from it, so its stock stays what the test read.
 */
async function lowStockProduct(request: APIRequestContext, newContext: () => Promise<APIRequestContext>, testInfo: TestInfo, variants: OwnVariant[], low: string): Promise<Pick> {
  const title = `限量精華 ${testInfo.project.name}-${tag(4)}`;
  const { productId } = await ownProduct(newContext, title, variants);
  const { products } = await loadCatalogue(request);
  const product = products.find((p) => p.product_id === productId);
  expect(product, `${title} listed`).toBeDefined();
  const all = await variantsOf(request, productId);
  return { product: product!, variants: all, variant: all.find((v) => v.variant_name === low)! };
}

async function scrollToEnd(page: Page) {
  const toEnd = async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) < 2);
  };
  await toEnd();
  // A product page loads its reviews once they come near, and grows when they are in: the end of
  // the page is where a shopper is once the reviews (or their empty or failed state) show.
  const reviews = page.locator('#reviews');
  if ((await reviews.count()) > 0) {
    await expect(reviews.getByTestId(/^reviews-(summary|none|error)$/)).toBeVisible();
    await toEnd();
  }
}

test.describe('toasts on the screen (§11, §18)', () => {
  test('product page: 請先選擇規格！ and the success toast show inside the screen; choosing a variant clears the error', async ({ page, request }) => {
    const { product, variant } = await findProduct(request, severalVariants);
    await page.goto(`/product/${product.product_id}`);
    const group = page.getByRole('radiogroup', { name: '規格' });
    await expect(group).toBeVisible();
    // Tap from the end of the page: the toast and the 規格 group must still reach the screen.
    await scrollToEnd(page);
    await page.getByTestId('purchase-actions').getByRole('button', { name: /加入購物車/ }).click();

    await expectOnScreen(page, toast(page, '請先選擇規格！'));
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('variant-error')).toHaveText('請先選擇規格！');
    await expectOnScreen(page, group);

    await chooseVariant(page.locator('.ss-purchase'), variant.variant_name);
    await expect(group).not.toHaveAttribute('aria-invalid');
    await expect(page.getByTestId('variant-error')).toHaveCount(0);
    await expect(toast(page, '請先選擇規格！')).toHaveCount(0);

    await page.getByTestId('purchase-actions').getByRole('button', { name: /加入購物車/ }).click();
    await expectOnScreen(page, toast(page, `× 1 加入購物車`));
    await expect(page.getByText('請先選擇規格！')).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test('product popup: the toasts show inside the screen', async ({ page, request }) => {
    const { product, variant } = await findProduct(request, severalVariants);
    await page.goto(`/products?q=${encodeURIComponent(product.title)}`);
    await cardOf(page, product.title).getByRole('button', { name: `查看 ${product.title}` }).click();
    const popup = page.getByTestId('product-popup');
    await expect(popup.getByRole('radiogroup', { name: '規格' })).toBeVisible();
    await popup.getByRole('button', { name: /加入購物車/ }).click();
    await expectOnScreen(page, toast(page, '請先選擇規格！'));
    await expect(popup.getByRole('radiogroup', { name: '規格' })).toHaveAttribute('aria-invalid', 'true');

    await chooseVariant(popup, variant.variant_name);
    await expect(toast(page, '請先選擇規格！')).toHaveCount(0);
    await popup.getByRole('button', { name: /加入購物車/ }).click();
    await expect(popup).toBeHidden();
    await expectOnScreen(page, toast(page, /加入購物車/));
  });
});

test.describe('quantities held at the stock (§12)', () => {
  test('product page, cart and popup cap at the variant stock with 庫存僅剩 N 件', async ({ page, request, playwright, baseURL }, testInfo) => {
    const newContext = () => playwright.request.newContext({ baseURL });
    const { product, variant, variants } = await lowStockProduct(request, newContext, testInfo, [
      { variant_name: '30ml', quantity: 40, discount_price: 880 },
      { variant_name: '50ml', quantity: 7, discount_price: 1280 },
    ], '50ml');
    const hint = `庫存僅剩 ${variant.stock} 件`;
    await page.goto(`/product/${product.product_id}`);
    const panel = page.locator('.ss-purchase');
    if (variants.length > 1) await chooseVariant(panel, variant.variant_name);
    const qty = panel.getByRole('textbox', { name: '數量' });
    await qty.fill('99');
    await qty.blur();
    await expect(qty).toHaveValue(String(variant.stock));
    await expect(panel.getByText(hint)).toBeVisible();
    await expect(panel.getByRole('button', { name: '增加數量' })).toBeDisabled();
    await page.getByTestId('purchase-actions').getByRole('button', { name: /加入購物車/ }).click();
    await expect(page.getByTestId('cart-count')).toHaveText(String(variant.stock));

    // The cart: the line cannot go past the stock either.
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: product.title });
    const lineQty = line.getByRole('textbox', { name: `${product.title} 數量` });
    await expect(lineQty).toHaveValue(String(variant.stock));
    await expect(line.getByText(hint)).toBeVisible();
    await lineQty.fill('99');
    await lineQty.blur();
    await expect(lineQty).toHaveValue(String(variant.stock));
    await expect(line.getByRole('button', { name: '增加數量' })).toBeDisabled();

    // The popup: capped too, and a cart already holding the whole stock takes no more.
    await page.goto(`/products?q=${encodeURIComponent(product.title)}`);
    await cardOf(page, product.title).getByRole('button', { name: `查看 ${product.title}` }).click();
    const popup = page.getByTestId('product-popup');
    await chooseVariant(popup, variant.variant_name);
    const popupQty = popup.getByRole('textbox', { name: '數量' });
    await popupQty.fill('99');
    await popupQty.blur();
    await expect(popupQty).toHaveValue(String(variant.stock));
    await expect(popup.getByText(hint)).toBeVisible();
    await popup.getByRole('button', { name: /加入購物車/ }).click();
    await expectOnScreen(page, toast(page, `購物車已有 ${variant.stock} 件`));
    await expect(page.getByTestId('cart-count')).toHaveText(String(variant.stock));
  });

  test('a cart stored before stock was kept is capped once the cart knows the stock', async ({ page, request, playwright, baseURL }, testInfo) => {
    const newContext = () => playwright.request.newContext({ baseURL });
    const { product, variant } = await lowStockProduct(request, newContext, testInfo, [{ variant_name: '30ml', quantity: 6, discount_price: 880 }], '30ml');
    await page.goto('/about');
    await page.evaluate(
      ({ product, variant }) => {
        const line = {
          product_id: product.product_id, variant_id: variant.variant_id, variant_name: variant.variant_name, title: product.title,
          description: product.description, image_url: '/favicon.svg', discount_price: variant.discount_price, quantity: 99,
        };
        localStorage.setItem('skinshop.cart', JSON.stringify({ items: [line], shippingMethodId: null }));
      },
      { product, variant },
    );
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: product.title });
    await expect(line.getByRole('textbox', { name: `${product.title} 數量` })).toHaveValue(String(variant.stock));
    await expect(line.getByText(`庫存僅剩 ${variant.stock} 件`)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText(String(variant.stock));
  });
});

// The floating buttons show on phones only: @phone tests run in the mobile project alone.
test.describe('floating buttons (§13)', { tag: '@phone' }, () => {
  test('one folded button that covers no price, card, text or the product bar; Escape closes it', async ({ page, request }) => {
    const { products } = await loadCatalogue(request);
    await page.goto('/products');
    await expect(page.getByTestId('product-card')).toHaveCount(products.length);
    const toggle = fabToggle(page);
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('floating-buttons').getByRole('link', { name: /LINE/ })).toBeHidden();

    // Through the whole list: no card's price, title or button is ever under the button.
    const { covered, seen } = await page.evaluate(async () => {
      const hits: string[] = [];
      const onScreen = new Set<Element>();
      const fab = document.querySelector('[data-testid="floating-toggle"]')!;
      const end = document.documentElement.scrollHeight;
      for (let y = 0; y < end; y += 120) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const f = fab.getBoundingClientRect();
        for (const el of document.querySelectorAll('.ss-card .ss-price-tag, .ss-card-title, .ss-card-desc, .ss-card-type, .ss-card-add')) {
          const r = el.getBoundingClientRect();
          if (r.width && r.bottom > 0 && r.top < window.innerHeight && el.matches('.ss-price-tag')) onScreen.add(el);
          if (r.width && r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom) hits.push(`${y}: ${el.className} ${el.textContent}`);
        }
      }
      return { covered: hits, seen: onScreen.size };
    });
    expect(covered).toEqual([]);
    // Every card's price was on the screen on the way down.
    expect(seen).toBe(products.length);

    // At the end of the page the footer's address and last line are clear of it.
    await scrollToEnd(page);
    const fabBox = await box(toggle);
    for (const el of await page.getByTestId('footer').locator('dd, .ss-footer-bottom .ss-container').all()) {
      expect(overlaps(fabBox, await box(el)), `footer text under the button: ${await el.textContent()}`).toBe(false);
    }

    // Keyboard: Enter opens the list, Escape closes it and gives the focus back.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: '回到頁面頂端' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // The product page: above the bottom bar, off the price.
    const { product } = await findProduct(request, severalVariants);
    await page.goto(`/product/${product.product_id}`);
    await expect(page.locator('.ss-purchase-price')).toBeVisible();
    const bar = await box(page.getByTestId('purchase-actions'));
    for (const y of [0, 400, 800]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const f = await box(fabToggle(page));
      expect(overlaps(f, bar), 'button over the bottom bar').toBe(false);
      const price = page.locator('.ss-purchase-price .ss-price-tag');
      if (await price.isVisible()) expect(overlaps(f, await box(price)), 'button over the price').toBe(false);
    }
  });

  test('stays off the cart, checkout and form pages', async ({ page }) => {
    for (const path of ['/cart', '/login', '/register', '/fpassword', '/contact', '/profile', '/cpassword', '/address']) {
      await page.goto(path);
      await expect(page.getByTestId('navbar')).toBeVisible();
      await expect(page.locator('main')).not.toBeEmpty();
      await expect(page.getByTestId('floating-buttons'), path).toHaveCount(0);
    }
    await page.goto('/about');
    await expect(fabToggle(page)).toBeVisible();
  });

  test('lies below the drawer and the popup masks', async ({ page, request }) => {
    const { product } = await findProduct(request, severalVariants);
    await page.goto(`/products?q=${encodeURIComponent(product.title)}`);
    await expect(fabToggle(page)).toBeVisible();
    const f = await box(fabToggle(page));
    const topmostIsFab = () =>
      page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-testid="floating-buttons"]'), { x: f.x + f.width / 2, y: f.y + f.height / 2 });
    expect(await topmostIsFab()).toBe(true);

    await page.getByTestId('nav-burger').click();
    await expect(page.locator('#ss-mobile-nav')).toBeVisible();
    await expect.poll(topmostIsFab).toBe(false);
    await page.keyboard.press('Escape');
    await expect(page.locator('#ss-mobile-nav')).toBeHidden();

    await cardOf(page, product.title).getByRole('button', { name: `查看 ${product.title}` }).click();
    await expect(page.getByTestId('product-popup')).toBeVisible();
    await expect.poll(topmostIsFab).toBe(false);
  });
});

test.describe('Back closes the product popup (§14)', () => {
  test('Back closes the popup and keeps the search; X and Escape leave no extra history entry', async ({ page, request }, testInfo) => {
    const { product } = await findProduct(request, severalVariants);
    const { products } = await loadCatalogue(request);
    const needle = product.title.slice(0, 2);
    const matching = products.filter((p) => `${p.title}\n${p.description}`.toLowerCase().includes(needle.toLowerCase())).length;

    await page.goto('/');
    await navigate(page, '全部商品', testInfo);
    await searchBox(page).fill(needle);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByTestId('product-card')).toHaveCount(matching);
    const popup = page.getByTestId('product-popup');
    const open = async () => {
      await cardOf(page, product.title).getByRole('button', { name: `查看 ${product.title}` }).click();
      await expect(popup.getByRole('heading', { name: product.title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`[?&]product=${product.product_id}`));
    };

    await open();
    await page.goBack();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/products\?q=[^&]+$/);
    await expect(searchBox(page)).toHaveValue(needle);
    await expect(page.getByTestId('product-card')).toHaveCount(matching);

    await open();
    await page.locator('.ant-modal-close').click();
    await expect(popup).toBeHidden();
    await expect(page).not.toHaveURL(/product=/);
    await open();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(page).not.toHaveURL(/product=/);
    await expect(searchBox(page)).toHaveValue(needle);

    // Back now leaves the list: the closed popups left nothing behind.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('bottom bar, banner name, cart dropdown (§21)', () => {
  test('phone product page: 加入購物車 / 立即購買 stay at the bottom and never hide the footer', { tag: '@phone' }, async ({ page, request }) => {
    const { product } = await findProduct(request, severalVariants);
    await page.goto(`/product/${product.product_id}`);
    const bar = page.getByTestId('purchase-actions');
    await expect(bar.getByRole('button', { name: /加入購物車/ })).toBeVisible();
    await expect(bar.getByRole('button', { name: '立即購買' })).toBeVisible();
    const vp = page.viewportSize()!;
    const first = await box(bar);
    expect(Math.round(first.y + first.height)).toBe(vp.height);
    await scrollToEnd(page);
    const atEnd = await box(bar);
    expect(Math.round(atEnd.y + atEnd.height)).toBe(vp.height);
    const last = await box(page.getByTestId('footer').locator('.ss-footer-bottom .ss-container'));
    expect(last.y + last.height).toBeLessThanOrEqual(atEnd.y);
  });

  test('the home banner link is named by its title', async ({ page, request }) => {
    const res = await request.post('/api/load/homepage', { data: {} });
    const { banners } = (await res.json()) as { banners: { ctitle: string; link_url: string }[] };
    const linked = banners.find((b) => b.link_url.startsWith('/'));
    expect(linked, 'the demo home has a banner linking inside the shop').toBeTruthy();
    await page.goto('/');
    const carousel = page.getByTestId('home-carousel');
    await expect(carousel.getByRole('link', { name: linked!.ctitle, exact: true })).toHaveAttribute('href', linked!.link_url);
  });

  test('the cart dropdown does not open over /cart (立即購買, then hover)', async ({ page, request }, testInfo) => {
    const { product, variant, variants } = await findProduct(request, severalVariants);
    await page.goto(`/product/${product.product_id}`);
    if (variants.length > 1) await chooseVariant(page.locator('.ss-purchase'), variant.variant_name);
    await page.getByRole('button', { name: '立即購買' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-dropdown')).toHaveCount(0);
    if (!isMobile(testInfo)) {
      // The rule (never over /cart, hover or 立即購買) is NavCart.test.tsx's; here: the hover shows nothing.
      await page.getByTestId('nav-cart').hover();
      await expect(page.getByTestId('cart-dropdown')).toHaveCount(0);
      // Elsewhere it still opens on hover.
      await page.goto('/about');
      await page.getByTestId('nav-cart').hover();
      await expect(page.getByTestId('cart-dropdown')).toBeVisible();
    }
  });
});
