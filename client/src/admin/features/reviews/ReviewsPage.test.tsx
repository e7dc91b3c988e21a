import type { AdminReviewView } from '@api/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { review, reviewsHandler } from './testReviews';

const ROWS: AdminReviewView[] = [
  review(1, { photos: ['/uploads/r1.webp', '/uploads/r1b.webp'] }),
  review(2, { rating: 2, content: '加我 LINE 0912345678 便宜賣給你喔喔喔', held: 1, is_visible: 0, held_reason: '含電話號碼', product_id: 12, title: '保濕化妝水' }),
  review(3, { rating: 3, is_visible: 0, reply: '謝謝您的回饋，我們會改進。', replied_at: '2026-11-21T02:00:00.000Z' }),
];

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const rowOf = async (text: string | RegExp) => (await screen.findByText(text)).closest('tr')!;
/** The newest dialog titled `title` (a closed one may still be in the page while it animates out). */
const dialog = async (title: string, confirm = false) => {
  const all = await screen.findAllByText(title, { selector: confirm ? '.ant-modal-confirm-title' : '.ant-modal-title' });
  return all[all.length - 1].closest('.ant-modal') as HTMLElement;
};
const toast = (text: string) => screen.findByText(text, { selector: '.ant-message-notice *' });

describe('admin reviews /admin/reviews (spec 4 §2, §6, §7)', () => {
  beforeAll(() => preloadAdmin(['reviews']), 60_000);

  it('lists reviews with stars, words, photos, held reason and reply; filters go to the request and the address', async () => {
    const urls: URL[] = [];
    adminServer('staff', {
      'GET /api/admin/reviews': (b, url) => {
        urls.push(url);
        return reviewsHandler(() => ROWS)(b, url);
      },
    });
    const u = user();
    const { router } = renderAdmin('/admin/reviews');
    const first = await rowOf(/早上起來不緊繃 1/);
    expect(within(first).getByLabelText('5 顆星')).toBeInTheDocument();
    expect(within(first).getAllByRole('img', { name: /評價照片/ })).toHaveLength(2);
    expect(within(first).getByText('顯示中')).toBeInTheDocument();
    expect(within(first).getByText('王小美')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '訂單 SS20261120001' })).toHaveAttribute('href', '/admin/orders?range=all&q=SS20261120001&open=501');
    const held = await rowOf(/便宜賣給你/);
    expect(within(held).getByText('待審核')).toBeInTheDocument();
    expect(within(held).getByText('待審核原因：含電話號碼')).toBeInTheDocument();
    const replied = await rowOf(/早上起來不緊繃 3/);
    expect(within(replied).getByText('已隱藏')).toBeInTheDocument();
    expect(within(replied).getByText('謝謝您的回饋，我們會改進。')).toBeInTheDocument();
    expect(screen.getByText('共 3 筆')).toBeInTheDocument();

    await u.click(screen.getByText('待審核', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=held'));
    await waitFor(() => expect(screen.queryByText(/早上起來不緊繃 1/)).toBeNull());
    await u.click(screen.getByText('全部', { selector: '.ant-segmented-item-label' }));
    await rowOf(/早上起來不緊繃 1/);

    await u.click(screen.getByRole('combobox', { name: '評分篩選' }));
    await u.click(await screen.findByText('3 星', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(router.state.location.search).toBe('?stars=3'));
    await waitFor(() => expect(screen.queryByText(/早上起來不緊繃 1/)).toBeNull());

    await u.click(within(await rowOf(/早上起來不緊繃 3/)).getByRole('button', { name: '只看此商品' }));
    await waitFor(() => expect(router.state.location.search).toBe('?stars=3&product=11'));
    expect(await screen.findByText('商品：玻尿酸精華')).toBeInTheDocument();

    await u.type(screen.getByRole('searchbox', { name: '搜尋評價' }), '保濕{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E4%BF%9D%E6%BF%95&stars=3&product=11'));
    const params = urls.map((url) => Object.fromEntries(url.searchParams));
    expect(params).toEqual([
      { limit: '20', offset: '0' },
      { limit: '20', offset: '0', status: 'held' },
      { limit: '20', offset: '0', stars: '3' },
      { limit: '20', offset: '0', stars: '3', product_id: '11' },
      { limit: '20', offset: '0', stars: '3', product_id: '11', keyword: '保濕' },
    ]);
  }, 40_000);

  it('hides and shows after asking, and replies within 500 characters', async () => {
    let rows = ROWS;
    const puts: unknown[] = [];
    adminServer('staff', {
      'GET /api/admin/reviews': reviewsHandler(() => rows),
      'PUT /api/admin/reviews/1': (b) => {
        puts.push(b);
        rows = rows.map((r) => (r.id === 1 ? review(1, { ...r, ...(b as object), status: undefined }) : r));
        return { json: { success: true, review: rows[0] } };
      },
      'PUT /api/admin/reviews/2': (b) => {
        puts.push(b);
        rows = rows.map((r) => (r.id === 2 ? { ...r, held: 0, is_visible: 1, status: 'shown' } : r));
        return { json: { success: true, message: '已顯示評價', review: rows[1] } };
      },
    });
    const u = user();
    renderAdmin('/admin/reviews');
    await u.click(within(await rowOf(/早上起來不緊繃 1/)).getByRole('button', { name: '隱藏王**對「玻尿酸精華」的評價' }));
    let confirm = await dialog('隱藏王**對「玻尿酸精華」的評價？', true);
    await u.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(puts).toEqual([]);
    await u.click(within(await rowOf(/早上起來不緊繃 1/)).getByRole('button', { name: '隱藏王**對「玻尿酸精華」的評價' }));
    confirm = await dialog('隱藏王**對「玻尿酸精華」的評價？', true);
    await u.click(within(confirm).getByRole('button', { name: '隱藏' }));
    expect(await toast('已隱藏評價')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf(/早上起來不緊繃 1/)).getByText('已隱藏')).toBeInTheDocument());

    await u.click(within(await rowOf(/便宜賣給你/)).getByRole('button', { name: '顯示王**對「保濕化妝水」的評價' }));
    confirm = await dialog('顯示王**對「保濕化妝水」的評價？', true);
    await u.click(within(confirm).getByRole('button', { name: '顯示' }));
    expect(await toast('已顯示評價')).toBeInTheDocument();

    await u.click(within(await rowOf(/早上起來不緊繃 1/)).getByRole('button', { name: '回覆王**對「玻尿酸精華」的評價' }));
    const modal = await dialog('回覆評價');
    await u.click(within(modal).getByRole('button', { name: '送出回覆' }));
    expect(await within(modal).findByText('請輸入回覆內容')).toBeInTheDocument();
    const box = within(modal).getByRole('textbox', { name: '回覆內容' });
    await u.click(box);
    await u.paste('謝'.repeat(501));
    await u.click(within(modal).getByRole('button', { name: '送出回覆' }));
    expect(await within(modal).findByText('回覆最多 500 個字')).toBeInTheDocument();
    await u.clear(box);
    await u.type(box, '謝謝您的支持！');
    await u.click(within(modal).getByRole('button', { name: '送出回覆' }));
    expect(await toast('已回覆評價')).toBeInTheDocument();
    expect(puts).toEqual([{ is_visible: 0 }, { is_visible: 1 }, { reply: '謝謝您的支持！' }]);
    await waitFor(async () => expect(within(await rowOf(/早上起來不緊繃 1/)).getByText('謝謝您的支持！')).toBeInTheDocument());
  }, 60_000);

  it('edits an existing reply, and Escape closes the dialog', async () => {
    const puts: unknown[] = [];
    adminServer('owner', {
      'GET /api/admin/reviews': reviewsHandler(() => ROWS),
      'PUT /api/admin/reviews/3': (b) => {
        puts.push(b);
        return { status: 400, json: { success: false, message: '回覆最多 500 個字' } };
      },
    });
    const u = user();
    renderAdmin('/admin/reviews');
    await u.click(within(await rowOf(/早上起來不緊繃 3/)).getByRole('button', { name: '編輯回覆王**對「玻尿酸精華」的評價' }));
    let modal = await dialog('編輯回覆');
    expect(within(modal).getByRole('textbox', { name: '回覆內容' })).toHaveValue('謝謝您的回饋，我們會改進。');
    await u.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-title')).toBeNull());
    await u.click(within(await rowOf(/早上起來不緊繃 3/)).getByRole('button', { name: '編輯回覆王**對「玻尿酸精華」的評價' }));
    modal = await dialog('編輯回覆');
    await u.type(within(modal).getByRole('textbox', { name: '回覆內容' }), '！');
    await u.click(within(modal).getByRole('button', { name: '儲存回覆' }));
    expect(await within(modal).findByText('回覆最多 500 個字')).toBeInTheDocument();
    expect(puts).toEqual([{ reply: '謝謝您的回饋，我們會改進。！' }]);
  }, 40_000);

  it('editors read: no hide, show or reply', async () => {
    adminServer('editor', { 'GET /api/admin/reviews': reviewsHandler(() => ROWS) });
    renderAdmin('/admin/reviews');
    const row = await rowOf(/早上起來不緊繃 1/);
    expect(within(row).queryByRole('button', { name: /隱藏|顯示|回覆/ })).toBeNull();
    expect(screen.getByText('您的角色只能檢視評價。')).toBeInTheDocument();
    expect(within(screen.getByRole('menu', { name: '管理選單' })).getByText('評價管理')).toBeInTheDocument();
  }, 40_000);

  it('on a phone shows one card per review with its actions; says so when nothing matches', async () => {
    adminServer('staff', { 'GET /api/admin/reviews': reviewsHandler(() => ROWS) });
    renderAdmin('/admin/reviews', { width: 390 });
    const cards = await screen.findByRole('list', { name: '評價列表' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    const held = within(cards).getByText(/便宜賣給你/).closest('li')!;
    expect(within(held).getByText('待審核')).toBeInTheDocument();
    expect(within(held).getByRole('button', { name: '顯示王**對「保濕化妝水」的評價' })).toBeInTheDocument();
  }, 40_000);

  it('shows a failed read with 重試, and the empty text', async () => {
    let fail = true;
    adminServer('staff', { 'GET /api/admin/reviews': (b, url) => (fail ? { status: 500, json: { success: false, message: '系統錯誤' } } : reviewsHandler(() => [])(b, url)) });
    const u = user();
    renderAdmin('/admin/reviews?status=held');
    expect(await screen.findByText('讀取評價失敗')).toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByText('沒有符合條件的評價')).toBeInTheDocument();
  }, 40_000);
});
