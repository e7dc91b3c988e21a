import { expect, test } from '@playwright/test';
import { editorAccount, expectNoSideScroll, expectToast, jpegFile, pngFile, shopperContext, signIn, unique } from './admin-catalog-data';
import { dialog, keepShot, motionsDone, openKnowledge } from './nav';

/**
 * Issue 12 in the browser (back-office II, content). On the desktop, an editor adds
 * a carousel banner on /admin/homeImages (its image uploaded in the library picker) and a shopper
 * sees it on / on the next visit (then it is deleted, after 確認刪除?, and gone); an editor writes
 * a poster in the rich-text editor and a shopper reads it at /posters/<id> from the 保養知識 menu.
 */

test.describe('back-office content (issue 12)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('carousel banner: add on /admin/homeImages → on / on the next visit → delete → gone', { tag: '@desktop' }, async ({ page, browser, playwright, baseURL }, testInfo) => {
    const editor = await editorAccount(() => playwright.request.newContext({ baseURL }));
    const id = unique();
    const title = `E2E春季保濕祭 ${id}`;
    const description = `全館保濕系列 85 折 ${id}`;

    // The shopper has seen the home page (their browser keeps it, with its version).
    const shopper = await shopperContext(browser, page, testInfo);
    const shop = await shopper.newPage();
    await shop.goto('/');
    const carousel = shop.getByTestId('home-carousel');
    await expect(carousel).toBeVisible();

    await signIn(page, editor, '/admin/homeImages', '首頁內容');
    const section = page.getByRole('region', { name: /^輪播橫幅/ });
    await expect(section.getByRole('article').first()).toBeVisible();
    const saved = await section.getByRole('article').count();
    await section.getByRole('button', { name: '新增輪播橫幅' }).click();
    const card = section.getByRole('article', { name: '新輪播橫幅' });
    await expect(card).toBeVisible();
    await expect(card.getByText('未儲存')).toBeVisible();

    // Desktop image: a real PNG uploaded in the image library picker (chosen at once); the phone image typed.
    const desktopField = card.locator('.ss-image-url-field').filter({ has: page.getByLabel('輪播橫幅桌機版圖片', { exact: true }) });
    await desktopField.getByRole('button', { name: '圖片庫' }).click();
    const picker = dialog(page, '選擇圖片');
    await expect(picker).toBeVisible();
    await picker.locator('input[type="file"]').setInputFiles(await pngFile(`banner-${id}.png`, 1920, 450));
    await expectToast(page, /已上傳 1 個檔案/);
    await expect(picker).toBeHidden();
    const desktop = card.getByLabel('輪播橫幅桌機版圖片', { exact: true });
    await expect(desktop).toHaveValue(/^\/media\/.+\.webp$/);
    const imageUrl = await desktop.inputValue();
    await card.getByLabel('輪播橫幅手機版圖片', { exact: true }).fill(imageUrl);
    await card.getByLabel('輪播橫幅標題').fill(title);
    await card.getByLabel('輪播橫幅描述').fill(description);
    await card.getByLabel('輪播橫幅連結').fill('/products');
    await expect(card.getByRole('img', { name: '新輪播橫幅 預覽' })).toHaveAttribute('src', imageUrl);
    await keepShot(page, testInfo, 'admin-banner-new');
    await card.getByRole('button', { name: '新增', exact: true }).click();
    await expectToast(page, '新增成功');
    await expect(section.getByRole('article', { name: '新輪播橫幅' })).toHaveCount(0);
    await expect(section.getByRole('article')).toHaveCount(saved + 1);
    const mine = section.getByRole('article').filter({ has: page.locator(`img[src="${imageUrl}"]`) });
    await expect(mine).toHaveAttribute('aria-label', /^輪播橫幅 #\d+$/);
    await expect(mine.getByRole('button', { name: '更新' })).toBeVisible();

    // The shopper's next visit: the banner is in the carousel, its link named by its title.
    await shop.goto('/');
    // (Slides are not counted: the other project's run may add its own banner meanwhile.)
    const slide = carousel.getByTestId('carousel-slide').filter({ has: shop.locator(`a[aria-label="${title}"]`) });
    await expect(slide).toHaveCount(1);
    await expect(slide.locator('img')).toHaveAttribute('src', imageUrl);
    await expect(slide.locator('img')).toHaveAttribute('alt', `${title}：${description}`);
    await carousel.getByRole('button', { name: '暫停輪播' }).click();
    await carousel.getByRole('button', { name: new RegExp(`：${title}$`) }).click();
    const link = carousel.getByRole('link', { name: title });
    await expect(link).toBeVisible();
    await expect(link).toBeInViewport();
    await expect.poll(() => link.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await motionsDone(shop); // the slide's move
    await shop.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-home-new-banner.png` });
    await link.click();
    await expect(shop).toHaveURL(/\/products$/);

    // Delete (asked first): gone from / on the next visit.
    await mine.getByRole('button', { name: '刪除' }).click();
    const confirm = dialog(page, '確認刪除?');
    await confirm.getByRole('button', { name: '刪除' }).click();
    await expectToast(page, '刪除成功');
    await expect(mine).toHaveCount(0);
    await shop.goto('/');
    await expect(carousel.getByTestId('carousel-slide').first()).toBeVisible();
    await expect(carousel.locator(`a[aria-label="${title}"]`)).toHaveCount(0);
    await shopper.close();
  });

  test('poster: written in the rich-text editor on /admin/adposters → read at /posters/<id> from the 保養知識 menu', { tag: '@desktop' }, async ({ page, browser, playwright, baseURL }, testInfo) => {
    const editor = await editorAccount(() => playwright.request.newContext({ baseURL }));
    const id = unique();
    const title = `E2E換季保養指南 ${id}`;
    const lead = `換季時肌膚容易乾燥，保養步驟要跟著調整 ${id}`;
    const seo = `${title}：換季時如何調整清潔、保濕與防曬，給敏感肌的三個重點。`;

    await signIn(page, editor, '/admin/adposters', '保養知識海報');
    await page.getByRole('button', { name: '新增海報' }).click();
    const form = dialog(page, '新增海報');
    await expect(form).toBeVisible();
    await form.getByLabel('標題', { exact: true }).fill(title);
    await form.getByLabel('SEO 描述').fill(seo);

    // Cover: a real JPEG uploaded in the library picker.
    await form.locator('.ss-image-url-field').getByRole('button', { name: '圖片庫' }).click();
    const picker = dialog(page, '選擇圖片');
    await picker.locator('input[type="file"]').setInputFiles(await jpegFile(`poster-${id}.jpg`, 1200, 900));
    await expectToast(page, /已上傳 1 個檔案/);
    await expect(picker).toBeHidden();
    const cover = form.getByLabel('封面圖片', { exact: true });
    await expect(cover).toHaveValue(/^\/media\/.+\.webp$/);
    const coverUrl = await cover.inputValue();

    // Content (TipTap): a heading, a paragraph and bold text from the toolbar.
    const content = form.getByRole('textbox', { name: '內文' });
    await content.click();
    await form.getByRole('button', { name: '標題 2' }).click();
    await page.keyboard.type(`保濕三步驟 ${id}`);
    await page.keyboard.press('Enter');
    await page.keyboard.type(`${lead}。`);
    await form.getByRole('button', { name: '粗體' }).click();
    await page.keyboard.type('先清潔再保濕');
    await expect(content.locator('h2')).toHaveText(`保濕三步驟 ${id}`);
    await expect(content.locator('strong')).toHaveText('先清潔再保濕');
    await keepShot(page, testInfo, 'admin-poster-new');
    await form.getByRole('button', { name: '新增', exact: true }).click();
    await expectToast(page, '新增成功');
    await expect(form).toBeHidden();

    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('switch', { name: `「${title}」顯示於網站` })).toBeChecked();
    const posterId = Number((await row.locator('td').nth(3).textContent())?.trim());
    expect(posterId).toBeGreaterThan(0);

    // A shopper: the 保養知識 menu lists it; its page shows the title, cover and the rich content.
    const shopper = await shopperContext(browser, page, testInfo);
    const shop = await shopper.newPage();
    await shop.goto('/');
    await openKnowledge(shop, title, testInfo);
    await expect(shop).toHaveURL(new RegExp(`/posters/${posterId}$`));
    await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(shop.getByText(seo)).toBeVisible();
    const body = shop.getByTestId('poster-body');
    await expect(body.getByRole('heading', { level: 2, name: `保濕三步驟 ${id}` })).toBeVisible();
    await expect(body).toContainText(lead);
    await expect(body.locator('strong')).toHaveText('先清潔再保濕');
    await expect(body.getByRole('img', { name: title })).toHaveAttribute('src', coverUrl);
    await shop.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-poster-new.png` });
    await shopper.close();
  });

  // The flows above run on the desktop; on a phone each content screen opens and fits the width.
  test('on a phone: 首頁內容, 保養知識海報 and 圖片庫 fit the screen @phone', async ({ page, playwright, baseURL }) => {
    const editor = await editorAccount(() => playwright.request.newContext({ baseURL }));
    await signIn(page, editor, '/admin/homeImages', '首頁內容');
    await expect(page.getByText('輪播橫幅').first()).toBeVisible();
    await expectNoSideScroll(page);
    for (const [path, heading] of [
      ['/admin/adposters', '保養知識海報'],
      ['/admin/images', '圖片庫'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectNoSideScroll(page);
    }
    await expect(page.getByText('將圖片拖曳到這裡上傳，或點擊選擇檔案')).toBeInViewport();
  });
});
