import { expect, test } from '@playwright/test';
import { editorAccount, expectToast, expectWebp, jpegFile, pngFile, signIn, unique } from './admin-catalog-data';
import { keepShot } from './nav';

/**
 * Issue 12 in the browser (image library), on the desktop and on a phone: an editor uploads a real
 * JPEG and a real PNG (made with sharp) on /admin/images; both are stored as WebP; 複製網址 puts
 * the image's absolute URL on the clipboard, and that URL serves image/webp.
 */

test.describe('back-office image library (issue 12)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('upload a JPEG and a PNG → both WebP → 複製網址 → the URL serves image/webp', { tag: '@desktop' }, async ({ page, playwright, baseURL, request }, testInfo) => {
    const editor = await editorAccount(() => playwright.request.newContext({ baseURL }));
    const origin = new URL(baseURL ?? page.url()).origin;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const id = unique();
    const photo = await jpegFile(`photo-${id}.jpg`, 640, 480);
    const logo = await pngFile(`logo-${id}.png`, 400, 300);

    await signIn(page, editor, '/admin/images', '圖片庫');
    await page.locator('input[type="file"][aria-label="選擇要上傳的圖片"]').setInputFiles([photo, logo]);
    await expectToast(page, '已上傳 2 個檔案（其中 2 個已轉為 WebP）');

    // The two, found by the search (debounced): stored as .webp with their sizes.
    await page.getByLabel('搜尋圖片').fill(id);
    const grid = page.getByRole('list', { name: '圖片列表' });
    const cards = grid.getByRole('listitem');
    await expect(cards).toHaveCount(2);
    const photoCard = cards.filter({ hasText: `photo-${id}.webp` });
    const logoCard = cards.filter({ hasText: `logo-${id}.webp` });
    await expect(photoCard).toContainText('640×480');
    await expect(logoCard).toContainText('400×300');
    await keepShot(page, testInfo, 'admin-images');

    const copied: string[] = [];
    for (const [card, size] of [
      [photoCard, { width: 640, height: 480 }],
      [logoCard, { width: 400, height: 300 }],
    ] as const) {
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await card.getByRole('button', { name: '複製網址' }).click();
      await expectToast(page, '已複製圖片網址');
      const url = await page.evaluate(() => navigator.clipboard.readText());
      expect(url).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/media/.+\\.webp$`));
      expect(await expectWebp(request, url)).toEqual(size);
      // The card's thumbnail is shown (loaded) from the library.
      const thumb = card.locator('img');
      await expect(thumb).toHaveAttribute('src', /^\/media\/.+\.webp$/);
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      copied.push(url);
    }
    expect(new Set(copied).size).toBe(2);

    // The preview shows the same URL.
    await photoCard.getByRole('button', { name: `預覽 photo-${id}.webp` }).click();
    const preview = page.locator('.ss-images-preview .ant-modal-title', { hasText: `photo-${id}.webp` });
    await expect(preview).toBeVisible();
    await expect(page.getByLabel('圖片網址')).toHaveValue(copied[0]);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
  });
});
