import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ADMIN } from './admin-data';

/**
 * Data for the back-office II browser tests (issue 12): an editor account made by the seeded
 * owner through the staff API, sign-in at /admin/login, real JPEG / PNG files made with sharp,
 * a product made through the admin API, and the shopper's view in a browser context of its own.
 */

export interface AdminAccount {
  username: string;
  password: string;
}

/** A short random suffix, so reruns against a reused server never collide. */
export const unique = () => randomBytes(3).toString('hex');

/** A request context signed in as `account` at POST /api/admin/login; `csrf` is the admin token for writes. */
export async function adminApi(request: APIRequestContext, account: AdminAccount): Promise<string> {
  const token = await request.get('/api/admin/csrf-token');
  expect(token.ok(), await token.text()).toBe(true);
  const { csrfToken } = (await token.json()) as { csrfToken: string };
  const res = await request.post('/api/admin/login', {
    data: { username: account.username, password: account.password, rememberMe: false },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  const body = (await res.json()) as { success: boolean; csrfToken?: string; message?: string };
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.csrfToken as string;
}

let editorMade: Promise<AdminAccount> | undefined;

/**
 * An editor (role `editor`: catalogue and content screens only), made once per worker by the
 * seeded owner through POST /api/admin/staff.
 */
export function editorAccount(newContext: () => Promise<APIRequestContext>): Promise<AdminAccount> {
  editorMade ??= (async () => {
    const api = await newContext();
    try {
      const csrf = await adminApi(api, ADMIN);
      const account = { username: `editor-${unique()}`, password: `ed-${randomBytes(6).toString('hex')}` };
      const res = await api.post('/api/admin/staff', {
        data: { ...account, display_name: `內容編輯 ${account.username.slice(-6)}`, role: 'editor' },
        headers: { 'X-CSRF-Token': csrf },
      });
      expect(res.status(), await res.text()).toBe(200);
      return account;
    } finally {
      await api.dispose();
    }
  })();
  return editorMade;
}

/** Signs in at /admin/login (reached by opening `path` signed out) and comes back to `path`. */
export async function signIn(page: Page, account: AdminAccount, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel('帳號').fill(account.username);
  await page.getByLabel('密碼').fill(account.password);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** A real photo-like JPEG (a colour gradient with noise), `width`×`height`. */
export async function jpegFile(name: string, width = 640, height = 480): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round((x / width) * 255);
      raw[i + 1] = Math.round((y / height) * 200) + ((x * 7 + y * 13) % 40);
      raw[i + 2] = 180;
    }
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A real PNG with transparency. */
export async function pngFile(name: string, width = 400, height = 300): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width, height, channels: 4, background: { r: 230, g: 120, b: 160, alpha: 0.8 } } })
    .composite([{ input: { create: { width: Math.floor(width / 2), height: Math.floor(height / 2), channels: 4, background: { r: 40, g: 160, b: 120, alpha: 1 } } }, left: 20, top: 20 }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Asks `url` and checks it is a WebP image (header and bytes). */
export async function expectWebp(request: APIRequestContext, url: string): Promise<{ width: number; height: number }> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\/webp/);
  const bytes = await res.body();
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** The listed product titled `title` on the public list (undefined when not listed). */
export async function listedProduct(request: APIRequestContext, title: string): Promise<{ product_id: number; discount_price: number } | undefined> {
  const res = await request.get('/api/load/loadProducts');
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as { products: { product_id: number; title: string; discount_price: number }[] };
  return products.find((p) => p.title === title);
}

/**
 * A product made through POST /api/admin/createOrUpdateProduct (as the product modal sends it),
 * in the demo's first category; its id.
 */
export async function createProductByApi(request: APIRequestContext, account: AdminAccount, title: string): Promise<number> {
  const csrf = await adminApi(request, account);
  const types = await request.get('/api/admin/loadproducttypes');
  const { productTypes } = (await types.json()) as { productTypes: { id: number; is_active: number }[] };
  const type = productTypes.find((t) => t.is_active === 1);
  expect(type, 'an active category').toBeDefined();
  const res = await request.post('/api/admin/createOrUpdateProduct', {
    headers: { 'X-CSRF-Token': csrf },
    data: {
      seo_description: `${title}：溫和保濕，適合敏感肌的日常保養。`,
      product_type: type!.id,
      title,
      description: '溫和保濕，敏感肌適用',
      unit: '瓶',
      views_count: 0,
      stock: 10,
      sold_quantity: 0,
      image_url: '/media/placeholder.webp',
      is_new: 1,
      is_hot: 0,
      is_manager: 0,
      is_active: 1,
      product_media: [{ media_url: '/media/placeholder.webp', ordering: 0, is_active: 1 }],
      product_variants: [{ variant_name: '50ml', quantity: 10, original_price: '1200', discount_price: '990' }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const made = await listedProduct(request, title);
  expect(made, `${title} listed`).toBeDefined();
  return made!.product_id;
}

/** A shopper's browser (no admin cookie, its own storage) sized like the test's page. */
export async function shopperContext(browser: Browser, page: Page, testInfo: TestInfo): Promise<BrowserContext> {
  const mobile = testInfo.project.name === 'mobile';
  return browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize() ?? undefined,
    isMobile: mobile,
    hasTouch: mobile,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
  });
}

/** A toast the admin can read: shown and inside the screen (a phone's too). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const t = page.locator('.ant-message-notice').filter({ hasText: text }).first();
  await expect(t).toBeVisible();
  await expect(t).toBeInViewport();
}

/** The page does not scroll sideways (everything fits the window's width). */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, 'page width').toBeLessThanOrEqual(width + 1);
}
