import type { AdminHomeBanner, HomeDataAnswer } from '@api/admin-content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const banner = (id: number, sort_order: number, extra: Partial<AdminHomeBanner> = {}): AdminHomeBanner => ({
  id,
  image_url: `/media/demo/banner-${id}.webp`,
  phone_url: `/media/demo/banner-${id}-m.webp`,
  ctitle: `橫幅${id}`,
  description: `描述${id}`,
  link_url: '/products',
  sort_order,
  is_active: 1,
  ...extra,
});

const homeData = (): HomeDataAnswer => ({
  success: true,
  // Out of order on purpose: the screen lists banners by sort_order.
  home_carousel_banners: [banner(2, 5), banner(1, 1)],
  homeBeauticianEndorsements: [{ id: 5, image_url: '/media/demo/e5.webp', sort_order: 0, is_active: 1 }],
  homeUserTestimonials: [{ id: 8, image_url: '/media/demo/t8.webp', review: '用了一個月，膚況穩定', sort_order: 0, is_active: 1 }],
  home_certificates: [{ id: 3, image_url: '/media/demo/c3.webp', title: 'GMP', description: '工廠認證', sort_order: 0, is_active: 0 }],
});

// Queries by label and tag: getByRole over a page of cards is slow in jsdom.
const article = (name: string) => screen.getByLabelText(name, { selector: 'article' });
const findArticle = (name: string) => screen.findByLabelText(name, { selector: 'article' });
/** The open (not closing) dialog that says `text`. */
async function dialogWith(text: string): Promise<HTMLElement> {
  let dialog: HTMLElement | undefined;
  await waitFor(() => {
    dialog = screen
      .queryAllByRole('dialog')
      .filter((d) => !d.closest('.ant-zoom-leave') && !d.className.includes('leave') && d.textContent?.includes(text))
      .at(-1);
    expect(dialog).toBeDefined();
  });
  return dialog!;
}

/** Types a value at once (a paste), so a long URL is one change. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

// A button that was loading keeps its (leaving) spinner in jsdom, whose label joins the name.
const bodiesOf = (calls: { path: string; body: unknown }[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('admin home content (spec 3 §2, §4, §5, §8)', () => {
  beforeAll(() => preloadAdmin(['homeImages']), 60_000);

  it('lists the four sections, banners by sort order, with their fields', async () => {
    adminServer('editor', { 'GET /api/admin/loadHomeData': () => ({ json: homeData() }) });
    renderAdmin('/admin/homeImages');
    await findArticle('輪播橫幅 #1');
    const banners = document.querySelectorAll<HTMLElement>('.ss-home-grid--banner > article');
    expect([...banners].map((a) => a.getAttribute('aria-label'))).toEqual(['輪播橫幅 #1', '輪播橫幅 #2']);
    expect(within(article('輪播橫幅 #2')).getByLabelText('輪播橫幅標題')).toHaveValue('橫幅2');
    expect(within(article('輪播橫幅 #2')).getByLabelText('輪播橫幅排序')).toHaveValue('5');
    expect(within(article('使用者見證 #8')).getByLabelText('使用者見證見證內容')).toHaveValue('用了一個月，膚況穩定');
    expect(within(article('認證證書 #3')).getByLabelText(/顯示於首頁/)).not.toBeChecked();
    expect(within(article('美容師推薦 #5')).getByText('建議尺寸 1050 × 1050')).toBeInTheDocument();
    expect(within(article('美容師推薦 #5')).getByRole('button', { name: /^(loading )?更新$/ })).toBeInTheDocument();
    expect(within(article('美容師推薦 #5')).getByRole('button', { name: /^(loading )?刪除$/ })).toBeInTheDocument();
  }, 30_000);

  it('adds a banner card, creates it and keeps the returned newId: the card is saved and updates by that id', async () => {
    const { calls } = adminServer('editor', {
      'GET /api/admin/loadHomeData': () => ({ json: homeData() }),
      'POST /api/admin/createCarouselBanner': () => ({ json: { success: true, message: '新增成功', newId: 77 } }),
      'POST /api/admin/updateCarouselBanner': () => ({ json: { success: true, message: '更新成功', id: 77 } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/homeImages');
    await findArticle('輪播橫幅 #1');

    await user.click(screen.getByText('新增輪播橫幅').closest('button')!);
    const card = article('新輪播橫幅');
    expect(within(card).getByText('未儲存')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^(loading )?取消$/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^(loading )?刪除$/ })).toBeNull();
    // Placed after the others: sort order one past the largest.
    expect(within(card).getByLabelText('輪播橫幅排序')).toHaveValue('6');

    await fill(user, within(card).getByLabelText('輪播橫幅桌機版圖片'), 'https://cdn.example.com/spring.webp');
    await fill(user, within(card).getByLabelText('輪播橫幅手機版圖片'), '/media/spring-m.webp');
    await fill(user, within(card).getByLabelText('輪播橫幅標題'), '春季新品');
    await fill(user, within(card).getByLabelText('輪播橫幅描述'), '限時 85 折');
    await fill(user, within(card).getByLabelText('輪播橫幅連結'), '/products');
    await user.click(within(card).getByRole('button', { name: /^(loading )?新增$/ }));

    const saved = await findArticle('輪播橫幅 #77');
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(screen.queryByLabelText('新輪播橫幅', { selector: 'article' })).toBeNull();
    expect(within(saved).queryByText('未儲存')).toBeNull();
    expect(bodiesOf(calls, '/api/admin/createCarouselBanner')).toEqual([
      {
        image_url: 'https://cdn.example.com/spring.webp',
        phone_url: '/media/spring-m.webp',
        ctitle: '春季新品',
        description: '限時 85 折',
        link_url: '/products',
        sort_order: 6,
        is_active: 1,
      },
    ]);

    // Saved now: 更新 sends its id, and a change is flagged until then.
    const title = within(saved).getByLabelText('輪播橫幅標題');
    await user.type(title, '！');
    expect(within(saved).getByText('有未儲存的變更')).toBeInTheDocument();
    await user.click(within(saved).getByRole('button', { name: /^(loading )?更新$/ }));
    await screen.findByText('更新成功');
    expect(bodiesOf(calls, '/api/admin/updateCarouselBanner')).toEqual([expect.objectContaining({ id: 77, ctitle: '春季新品！', sort_order: 6 })]);
    await waitFor(() => expect(within(saved).queryByText('有未儲存的變更')).toBeNull());
    // Only the load ran: a write does not reload the lists.
    expect(calls.filter((c) => c.path === '/api/admin/loadHomeData')).toHaveLength(1);
  }, 30_000);

  it('cancels an unsaved card locally, without a call', async () => {
    const { calls } = adminServer('editor', { 'GET /api/admin/loadHomeData': () => ({ json: homeData() }) });
    const user = userEvent.setup();
    renderAdmin('/admin/homeImages');
    await findArticle('美容師推薦 #5');
    await user.click(screen.getByText('新增美容師推薦').closest('button')!);
    await user.type(within(article('新美容師推薦')).getByLabelText('美容師推薦圖片'), '/media/x.webp');
    await user.click(within(article('新美容師推薦')).getByRole('button', { name: /^(loading )?取消$/ }));
    expect(screen.queryByLabelText('新美容師推薦', { selector: 'article' })).toBeNull();
    expect(article('美容師推薦 #5')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  }, 30_000);

  it('asks 確認刪除? before deleting; a refusal keeps the card with the server message', async () => {
    let refuse = true;
    const { calls } = adminServer('editor', {
      'GET /api/admin/loadHomeData': () => ({ json: homeData() }),
      'POST /api/admin/deleteUserTestimonial': () =>
        refuse ? { status: 404, json: { success: false, message: '刪除失敗' } } : { json: { success: true, message: '刪除成功', id: 8 } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/homeImages');
    await findArticle('使用者見證 #8');

    // Cancelling the question sends nothing.
    await user.click(within(article('使用者見證 #8')).getByRole('button', { name: /^(loading )?刪除$/ }));
    let dialog = await dialogWith('確認刪除?');
    expect(dialog).toHaveTextContent('刪除後無法復原');
    await user.click(within(dialog).getByRole('button', { name: /^(loading )?取消$/ }));
    expect(bodiesOf(calls, '/api/admin/deleteUserTestimonial')).toEqual([]);

    await user.click(within(article('使用者見證 #8')).getByRole('button', { name: /^(loading )?刪除$/ }));
    dialog = await dialogWith('確認刪除?');
    await user.click(within(dialog).getByRole('button', { name: /^(loading )?刪除$/ }));
    expect(await screen.findByText('刪除失敗')).toBeInTheDocument();
    expect(article('使用者見證 #8')).toBeInTheDocument();

    refuse = false;
    await user.click(within(article('使用者見證 #8')).getByRole('button', { name: /^(loading )?刪除$/ }));
    dialog = await dialogWith('確認刪除?');
    await user.click(within(dialog).getByRole('button', { name: /^(loading )?刪除$/ }));
    await waitFor(() => expect(screen.queryByLabelText('使用者見證 #8', { selector: 'article' })).toBeNull());
    expect(await screen.findByText('刪除成功')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/admin/deleteUserTestimonial')).toEqual([{ id: 8 }, { id: 8 }]);
  }, 30_000);

  it('checks a banner before sending and shows the last failing message (spec 3 §5)', async () => {
    const { calls } = adminServer('editor', { 'GET /api/admin/loadHomeData': () => ({ json: homeData() }) });
    const user = userEvent.setup();
    renderAdmin('/admin/homeImages');
    await findArticle('輪播橫幅 #1');
    await user.click(screen.getByText('新增輪播橫幅').closest('button')!);
    const card = article('新輪播橫幅');

    // Everything empty: the image message is the last of the checks.
    await user.click(within(card).getByRole('button', { name: /^(loading )?新增$/ }));
    let dialog = await dialogWith('請輸入圖片 URL');
    await user.click(within(dialog).getByRole('button', { name: '確定' }));

    // Images given: the title is now the last failing check.
    await fill(user, within(card).getByLabelText('輪播橫幅桌機版圖片'), '/media/a.webp');
    await fill(user, within(card).getByLabelText('輪播橫幅手機版圖片'), '/media/a-m.webp');
    await user.click(within(card).getByRole('button', { name: /^(loading )?新增$/ }));
    dialog = await dialogWith('請輸入標題');
    await user.click(within(dialog).getByRole('button', { name: '確定' }));

    // A link that is not a URL or a site path.
    await fill(user, within(card).getByLabelText('輪播橫幅標題'), '標題');
    await fill(user, within(card).getByLabelText('輪播橫幅描述'), '描述');
    await fill(user, within(card).getByLabelText('輪播橫幅連結'), 'javascript:alert(1)');
    await user.click(within(card).getByRole('button', { name: /^(loading )?新增$/ }));
    dialog = await dialogWith('請輸入連結');
    await user.click(within(dialog).getByRole('button', { name: '確定' }));

    // Sort order cleared.
    await user.clear(within(card).getByLabelText('輪播橫幅連結'));
    await fill(user, within(card).getByLabelText('輪播橫幅連結'), '/products');
    await user.clear(within(card).getByLabelText('輪播橫幅排序'));
    await user.click(within(card).getByRole('button', { name: /^(loading )?新增$/ }));
    dialog = await dialogWith('請輸入有效的排序 (必須是非負數字)');

    expect(bodiesOf(calls, '/api/admin/createCarouselBanner')).toEqual([]);
  }, 30_000);

  it('shows the server message of a refused save, 儲存失敗 when the server is unreachable, and a failed load', async () => {
    const { fetchMock } = adminServer('editor', {
      'GET /api/admin/loadHomeData': () => ({ json: homeData() }),
      'POST /api/admin/updateBeauticianEndorsement': () => ({ status: 400, json: { success: false, message: '請輸入圖片 URL' } }),
      'POST /api/admin/updateCertificate': () => ({ status: 500, json: { success: false } }),
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('updateUserTestimonial')) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderAdmin('/admin/homeImages');
    await findArticle('美容師推薦 #5');

    await user.click(within(article('美容師推薦 #5')).getByRole('button', { name: /^(loading )?更新$/ }));
    expect(await screen.findByText('請輸入圖片 URL')).toBeInTheDocument();
    await user.click(within(article('認證證書 #3')).getByRole('button', { name: /^(loading )?更新$/ }));
    expect(await screen.findByText('操作失敗')).toBeInTheDocument();
    await user.click(within(article('使用者見證 #8')).getByRole('button', { name: /^(loading )?更新$/ }));
    expect(await screen.findByText('儲存失敗')).toBeInTheDocument();
  }, 30_000);

  it('says 載入首頁設置資料失敗 when the lists cannot be read, and retries', async () => {
    let fail = true;
    adminServer('editor', {
      'GET /api/admin/loadHomeData': () => (fail ? { status: 500, json: { success: false, message: '系統錯誤' } } : { json: homeData() }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/homeImages');
    expect(await screen.findByText('載入首頁設置資料失敗')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重試' }));
    expect(await findArticle('輪播橫幅 #1')).toBeInTheDocument();
    expect(screen.queryByText('載入首頁設置資料失敗')).toBeNull();
  }, 30_000);
});
