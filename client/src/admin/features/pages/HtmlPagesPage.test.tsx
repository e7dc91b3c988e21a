import type { AdminHtmlPageRow } from '@api/admin-content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const page = (id: number, extra: Partial<AdminHtmlPageRow> = {}): AdminHtmlPageRow => ({
  id,
  title: `文章${id}`,
  html_type: `page_${id}`,
  version_page_type: `page${id}Version`,
  preview: `第${id}篇的前五十個字`,
  updated_at: '2026-03-01T16:30:00.000Z',
  ...extra,
});

type Body = { limit: number; offset: number; keyword: string };

describe('admin HTML pages (spec 3 §2, §7, §9)', () => {
  beforeAll(() => preloadAdmin(['htmlpages']), 60_000);
  afterEach(() => vi.restoreAllMocks());

  it('lists 30 pages a page with their text, searches on Enter and pages on', async () => {
    const all = [page(1, { title: '退換貨須知', html_type: 'productreturns', preview: '退換貨須知 依據《消費者保護法》規定' }), ...Array.from({ length: 44 }, (_, i) => page(i + 2))];
    const { calls } = adminServer('editor', {
      'POST /api/admin/htmls': (b) => {
        const { limit, offset, keyword } = b as Body;
        const found = keyword ? all.filter((p) => p.title.includes(keyword) || p.preview.includes(keyword)) : all;
        return { json: { success: true, htmlpages: found.slice(offset, offset + limit), total: found.length } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/htmlpages');
    const first = await screen.findByText('退換貨須知');
    const row = first.closest('tr')!;
    expect(within(row).getByText('productreturns')).toBeInTheDocument();
    expect(within(row).getByText('退換貨須知 依據《消費者保護法》規定')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-02 00:30')).toBeInTheDocument();
    expect(screen.getByText('共 45 筆')).toBeInTheDocument();
    expect(screen.queryByText('文章31')).toBeNull();

    await user.click(screen.getByTitle('2'));
    await screen.findByText('文章31');
    expect(router.state.location.search).toBe('?page=2');

    await user.type(screen.getByRole('searchbox', { name: '搜尋文章' }), '消費者{Enter}');
    await waitFor(() => expect(screen.queryByText('文章31')).toBeNull());
    expect(await screen.findByText('退換貨須知')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=%E6%B6%88%E8%B2%BB%E8%80%85');
    expect(calls.filter((c) => c.path === '/api/admin/htmls').map((c) => c.body)).toEqual([
      { limit: 30, offset: 0, keyword: '' },
      { limit: 30, offset: 30, keyword: '' },
      { limit: 30, offset: 0, keyword: '消費者' },
    ]);
  }, 30_000);

  it('says 沒有任何文章資料 when there is none, and shows a failure with a retry', async () => {
    let fail = true;
    adminServer('editor', {
      'POST /api/admin/htmls': () => (fail ? { status: 500, json: { success: false, message: '系統錯誤' } } : { json: { success: true, htmlpages: [], total: 0 } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/htmlpages?q=nothing');
    expect(await screen.findByText('系統錯誤')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByText('沒有任何文章資料')).toBeInTheDocument();
  }, 30_000);

  it('opens the page in /editor in a 1830×1200 window (htmlname = html_type, vpage = version_page_type)', async () => {
    adminServer('editor', { 'POST /api/admin/htmls': () => ({ json: { success: true, htmlpages: [page(7, { title: '關於我們', html_type: 'txthtml001', version_page_type: 'aboutVersion' })], total: 1 } }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderAdmin('/admin/htmlpages');
    await user.click(await screen.findByRole('button', { name: '編輯 關於我們' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0];
    expect(url).toBe('/editor?edittype=htmlpage&htmlname=txthtml001&vpage=aboutVersion');
    expect(features).toBe('width=1830,height=1200');
  }, 30_000);

  it('on a phone (≤ 768 px) says the editor needs a computer instead of opening it', async () => {
    adminServer('editor', { 'POST /api/admin/htmls': () => ({ json: { success: true, htmlpages: [page(7, { title: '關於我們' })], total: 1 } }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderAdmin('/admin/htmlpages', { width: 390 });
    await user.click(await screen.findByRole('button', { name: '編輯 關於我們' }));
    expect(await screen.findByText('手機版不支援 HTML 編輯，請使用電腦操作')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    // One column on phones: the text sits under the title.
    expect(screen.getByRole('columnheader', { name: '標題／內容' })).toBeInTheDocument();
  }, 30_000);
});
