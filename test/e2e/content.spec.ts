import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { escapeRegExp, variantsOf, type ListItem } from './catalog-data';
import { isMobile, keepScreenshot, navigate, openKnowledge } from './nav';

interface HomeAnswer {
  banners: { ctitle: string }[];
  usersBEs: unknown[];
  usersTestimonials: { review: string }[];
  certificates: { title: string }[];
  homeProducts: (ListItem & { stock: number })[];
}

async function homeContent(request: APIRequestContext): Promise<HomeAnswer> {
  const res = await request.post('/api/load/homepage', { data: {} });
  expect(res.ok()).toBe(true);
  return (await res.json()) as HomeAnswer;
}

async function posterTitles(request: APIRequestContext): Promise<{ id: number; title: string }[]> {
  const res = await request.post('/api/load/versions', { data: {} });
  return ((await res.json()) as { PosterTitles: { id: number; title: string }[] }).PosterTitles;
}

/** Visible text of the first paragraph of some html. */
const firstParagraph = (html: string) => /<p>([^<]{6,})/.exec(html)?.[1].trim() ?? '';

async function outboxEmails(request: APIRequestContext): Promise<{ to: string; subject?: string; body: string }[]> {
  const res = await request.get('/api/dev/outbox?channel=email');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { messages: { to: string; subject?: string; body: string }[] }).messages;
}

const featuredCard = (page: Page, title: string) =>
  page.getByTestId('home-featured').getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('storefront content', () => {
  test('home → featured product to cart → poster from 保養知識 → contact form reaches the shop mailbox', async ({ page, request }, testInfo) => {
    // One long walk through four pages, with full-page screenshots and a queued e-mail.
    test.setTimeout(120_000);
    const home = await homeContent(request);
    expect(home.banners.length).toBeGreaterThan(0);
    expect(home.usersBEs.length).toBeLessThanOrEqual(10);
    expect(home.usersTestimonials.length).toBeLessThanOrEqual(10);
    const product = home.homeProducts.find((p) => p.stock > 1);
    if (!product) throw new Error('the demo home has no featured product in stock');
    const variants = await variantsOf(request, product.product_id);
    const variant = variants.find((v) => v.stock > 1);
    if (!variant) throw new Error('the featured product has no variant in stock');

    // Home: carousel, marquees, featured products, certificates, brand story.
    const homeRequest = page.waitForRequest((r) => r.url().endsWith('/api/load/homepage'));
    await page.goto('/');
    expect((await homeRequest).postDataJSON()).toEqual({});
    const carousel = page.getByTestId('home-carousel');
    await expect(carousel).toBeVisible();
    await expect(carousel.getByRole('img', { name: new RegExp(home.banners[0].ctitle) })).toBeVisible();
    await expect(carousel.getByRole('button', { name: /^第 1 張/ })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('list', { name: '美容師推薦' })).toBeVisible();
    await expect(page.getByRole('list', { name: '顧客心得' })).toContainText(home.usersTestimonials[0].review);
    await expect(page.getByTestId('home-certificates')).toContainText(home.certificates[0].title);
    await expect(page.getByTestId('home-story')).toBeVisible();
    // The carousel moves on by itself (every 3 s).
    await expect(carousel.getByRole('button', { name: /^第 1 張/ })).not.toHaveAttribute('aria-current', 'true', { timeout: 8000 });
    await keepScreenshot(page, testInfo, 'home');

    // A reload sends the stored versions back (version-based caching).
    const again = page.waitForRequest((r) => r.url().endsWith('/api/load/homepage'));
    await page.reload();
    expect(Object.keys((await again).postDataJSON()).sort()).toEqual(['homeProductsVersion', 'homeVersion']);
    await expect(page.getByTestId('home-carousel')).toBeVisible();

    // A featured product opens the product popup and goes into the cart.
    const card = featuredCard(page, product.title);
    await card.getByRole('button', { name: `查看 ${product.title}` }).click();
    const popup = page.getByTestId('product-popup');
    await expect(popup.getByRole('heading', { name: product.title })).toBeVisible();
    if (variants.length > 1) await popup.locator('.ss-variant-name').getByText(variant.variant_name, { exact: true }).click();
    await popup.getByRole('button', { name: /加入購物車/ }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // Floating buttons: phones only, folded into one button that opens the links.
    const fab = page.getByTestId('floating-buttons');
    if (isMobile(testInfo)) {
      const toggle = fab.getByRole('button', { name: '快速連結' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(fab.getByRole('link', { name: /LINE/ })).toBeHidden();
      await toggle.click();
      await expect(fab.getByRole('link', { name: /LINE/ })).toBeVisible();
      await expect(fab.getByRole('button', { name: '回到頁面頂端' })).toBeVisible();
      await toggle.click();
      await expect(fab.getByRole('link', { name: /LINE/ })).toBeHidden();
    } else {
      await expect(fab).toBeHidden();
    }

    // A poster from the 保養知識 dropdown.
    const [poster] = await posterTitles(request);
    await openKnowledge(page, poster.title, testInfo);
    await expect(page).toHaveURL(new RegExp(`/posters/${poster.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: poster.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(poster.title)} \\| `));
    const body = page.getByTestId('poster-body');
    await expect(body).toHaveAttribute('data-layout', /^(image-left|image-right|full-width)$/);
    await expect(body.getByRole('img', { name: poster.title })).toBeVisible();
    await keepScreenshot(page, testInfo, 'poster');

    // Contact: the form checks itself, then the message is mailed to the shop.
    await navigate(page, '聯絡我們', testInfo);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByTestId('contact-details').getByRole('link', { name: /^\d{2}-\d{4}-\d{4}$/ })).toHaveAttribute('href', /^tel:/);
    const form = page.getByTestId('contact-form');
    await form.getByRole('button', { name: '送出訊息' }).click();
    await expect(form.getByRole('alert')).toHaveText('請完整填寫姓名、電子郵件與訊息');

    const name = `測試訪客${testInfo.project.name}${Date.now() % 100000}`;
    const message = `您好，想詢問敏感肌適合的保濕產品（${testInfo.project.name}）`;
    await form.getByLabel('姓名').fill(name);
    await form.getByLabel('電子郵件').fill('visitor@example.com');
    await form.getByLabel('聯絡電話（選填）').fill('0912345678');
    await form.getByLabel('訊息').fill(message);
    await form.getByRole('button', { name: '送出訊息' }).click();
    const notice = page.getByTestId('contact-success');
    await expect(notice).toContainText('訊息已送出');
    await expect(notice).toContainText('我們將盡快回覆您的訊息，謝謝！');
    await expect(notice).toBeHidden({ timeout: 4000 });
    await expect(form.getByLabel('訊息')).toHaveValue('');

    await expect
      .poll(async () => (await outboxEmails(request)).find((m) => m.body.includes(name) && m.body.includes(message)), { timeout: 15_000 })
      .toBeTruthy();
    const mail = (await outboxEmails(request)).find((m) => m.body.includes(name))!;
    const settings = ((await (await request.post('/api/load/versions', { data: {} })).json()) as { Settings: { s_key: string; s_value: string }[] }).Settings;
    expect(mail.to).toBe(settings.find((s) => s.s_key === 'COMPANY_EMAIL')?.s_value);
    expect(mail.subject).toContain(name);
    await keepScreenshot(page, testInfo, 'contact');
  });

  test('about and the content pages load their html', async ({ page, request }, testInfo) => {
    await page.goto('/');
    await navigate(page, '關於我們', testInfo);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(/^關於我們 \| /);
    await expect(page.getByRole('heading', { level: 1, name: '關於我們' })).toBeVisible();
    await expect(page.getByTestId('content-html').getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('img', { name: '品牌理念' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'about');
    await page.getByRole('link', { name: '探索商品' }).click();
    await expect(page).toHaveURL(/\/products$/);

    const pages: [string, string][] = [
      ['productreturns', '退換貨須知'],
      ['privacypolicy', '隱私權政策'],
      ['termsofservice', '服務條款'],
      ['partnerinquiry', '合作洽詢'],
      ['maskCare', '面膜保養'],
      ['skincareTips', '保養小撇步'],
    ];
    for (const [pageType, title] of pages) {
      const res = await request.post('/api/load/loadhtmlpage', { data: { page_type: pageType } });
      const text = firstParagraph(((await res.json()) as { detail_html: string }).detail_html);
      expect(text, pageType).not.toBe('');
      await page.goto(`/${pageType}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
      await expect(page.getByTestId('content-html')).toContainText(text);
    }
    await keepScreenshot(page, testInfo, 'content-page');
  });

  test('the server-rendered first screen shows before the app, which then replaces it', async ({ page, request }) => {
    const home = await homeContent(request);
    // Hold the app's entry script back: until it runs, the page is what the server rendered.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entryRequested = false;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      entryRequested = true;
      await held;
      await route.continue();
    });
    // Not 'load': the entry script, once the boot loader has added it, holds the load event back.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const hero = page.locator('#root .ss-ssr-hero img');
    await expect(hero).toBeVisible();
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('#root .seo-fallback')).toContainText('精選商品');
    // The boot script asks for the app only after the first screen has painted.
    await expect.poll(() => entryRequested).toBe(true);
    await expect(page.getByTestId('home-carousel')).toHaveCount(0);
    release();
    const carousel = page.getByTestId('home-carousel');
    await expect(carousel.getByRole('img', { name: new RegExp(home.banners[0].ctitle) })).toBeVisible();
    await expect(page.locator('#root .seo-fallback')).toHaveCount(0);
  });

  test('poster errors say so', async ({ page }) => {
    await page.goto('/posters/99999');
    await expect(page.getByRole('heading', { name: '載入 poster 資料失敗' })).toBeVisible();
    await page.goto('/posters');
    await expect(page.getByRole('heading', { name: '缺少 id 參數' })).toBeVisible();
  });
});
