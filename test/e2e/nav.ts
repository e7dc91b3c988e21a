import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** The open antd dialog titled `title` (leaving ones excluded). */
export const dialog = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-modal:not(.ant-zoom-leave)').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/**
 * Waits until the dialog titled `title` is gone, its closing motion included: while it zooms out its
 * wrap still covers the page, so a click on the dialog below (its ✕) lands on it instead.
 */
export async function dialogGone(page: Page, title: string | RegExp): Promise<void> {
  await expect(page.locator('.ant-modal-wrap').filter({ has: page.locator('.ant-modal-title', { hasText: title }) })).toBeHidden();
}

/** Waits until every finite animation and CSS transition on the page has ended (a slide's move, a fade). */
export async function motionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Waits until no element matching `selector` is still in antd's opening motion (classes *-appear / *-enter). */
async function motionEnded(page: Page, selector: string): Promise<void> {
  await expect(page.locator(selector).and(page.locator('[class*="-appear"], [class*="-enter"]'))).toHaveCount(0);
}

/**
 * The dialog titled `title` once antd's zoom-in has ended: a click while it still scales can land
 * beside its target on a busy machine (the 7-11 choice in the address dialog was lost that way).
 */
export async function openedDialog(page: Page, title: string | RegExp): Promise<Locator> {
  const opened = dialog(page, title);
  await expect(opened).toBeVisible();
  await motionEnded(page, '.ant-modal');
  return opened;
}

/**
 * Picks `title` in an antd Select once its list has slid in: a click during the slide can be lost
 * on a busy machine (the list stays open and nothing is chosen).
 */
export async function pickOption(page: Page, select: Locator, title: string): Promise<void> {
  await select.click();
  // The list of a select just left may still be sliding out.
  const list = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  await expect(list).toBeVisible();
  await motionEnded(page, '.ant-select-dropdown');
  await list.getByTitle(title, { exact: true }).click();
}

/** Follows a main navbar entry: desktop links, or the hamburger drawer on phones. */
export async function navigate(page: Page, label: string, testInfo: TestInfo): Promise<void> {
  if (isMobile(testInfo)) {
    await expect(page.getByRole('navigation', { name: '主選單' })).toHaveCount(0);
    await page.getByTestId('nav-burger').click();
    const drawer = page.locator('#ss-mobile-nav');
    await drawer.getByRole('link', { name: label, exact: true }).click();
    await expect(drawer).toBeHidden();
  } else {
    await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: label, exact: true }).click();
  }
}

/** Opens a page from the 保養知識 dropdown: hover menu on desktop, the hamburger drawer on phones. */
export async function openKnowledge(page: Page, label: string, testInfo: TestInfo): Promise<void> {
  if (isMobile(testInfo)) {
    await page.getByTestId('nav-burger').click();
    const drawer = page.locator('#ss-mobile-nav');
    await expect(drawer.getByRole('heading', { name: '保養知識' })).toBeVisible();
    await drawer.getByRole('link', { name: label, exact: true }).click();
    await expect(drawer).toBeHidden();
  } else {
    const menu = page.getByTestId('nav-knowledge');
    await menu.getByRole('button', { name: '保養知識' }).hover();
    await menu.getByRole('link', { name: label, exact: true }).click();
  }
}

/**
 * Screenshots are for people to open; under CI=true no one does, and each costs a scroll-through
 * and a full-page PNG (seconds on two cores), so CI takes them only with E2E_SCREENSHOTS=1.
 */
const keepScreenshots = process.env.E2E_SCREENSHOTS === '1' || process.env.CI !== 'true';

/** What the screen shows now (after a dialog's zoom-in), kept for people to look at (test-results/screenshots). */
export async function keepShot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!keepScreenshots) return;
  await motionEnded(page, '.ant-modal');
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-${name}.png` });
}

/** A full-page screenshot kept for people to look at (test-results/screenshots). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!keepScreenshots) return;
  // Scroll through once so lazy images load, then wait for them and the fonts.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
    const pending = [...document.images].filter((i) => !i.complete).map((i) => new Promise((r) => ((i.onload = r), (i.onerror = r))));
    await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 5000))]);
    await document.fonts.ready;
  });
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/** The rows of a back-office list: table rows on a wide screen, cards on a phone (ResponsiveList). */
export const listRows = (page: Page): Locator => page.locator('tbody tr.ant-table-row, .ss-rlist-item');
