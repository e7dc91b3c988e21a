import type { AdminHtmlImageRow } from '@api/admin-content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const slot = (id: number, extra: Partial<AdminHtmlImageRow> = {}): AdminHtmlImageRow => ({
  id,
  title: `圖片${id}`,
  version_page_type: `page${id}Version`,
  image_type: `img${id}`,
  image_url: `/media/demo/page-${id}.webp`,
  ...extra,
});

type Body = { limit: number; offset: number; keyword: string };

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

async function replaceUrl(user: ReturnType<typeof userEvent.setup>, title: string, url: string) {
  const input = screen.getByRole('textbox', { name: `${title} 圖片 URL` });
  await user.clear(input);
  await user.click(input);
  await user.paste(url);
}

describe('admin HTML images (spec 3 §2, §7, §8)', () => {
  beforeAll(() => preloadAdmin(['htmlimages']), 60_000);

  it('lists 30 slots a page with thumbnail and URL, and searches on Enter', async () => {
    const all = [slot(1, { title: '關於我們主圖', version_page_type: 'aboutVersion', image_type: 'aboutImg000' }), ...Array.from({ length: 32 }, (_, i) => slot(i + 2))];
    const { calls } = adminServer('editor', {
      'POST /api/admin/htmlimages': (b) => {
        const { limit, offset, keyword } = b as Body;
        const found = keyword ? all.filter((s) => s.title.includes(keyword)) : all;
        return { json: { success: true, htmlimages: found.slice(offset, offset + limit), total: found.length } };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/htmlimages');
    const row = (await screen.findByText('關於我們主圖')).closest('tr')!;
    expect(within(row).getByText('aboutVersion / aboutImg000')).toBeInTheDocument();
    expect(within(row).getByAltText('關於我們主圖 縮圖')).toHaveAttribute('src', '/media/demo/page-1.webp');
    expect(within(row).getByRole('textbox', { name: '關於我們主圖 圖片 URL' })).toHaveValue('/media/demo/page-1.webp');
    // Nothing changed yet: nothing to update.
    expect(within(row).getByRole('button', { name: '更新 關於我們主圖' })).toBeDisabled();
    expect(screen.getByText('共 33 筆')).toBeInTheDocument();
    expect(screen.queryByText('圖片31')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: '搜尋圖片' }), '關於{Enter}');
    await waitFor(() => expect(screen.queryByText('圖片2')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/admin/htmlimages').map((c) => c.body)).toEqual([
      { limit: 30, offset: 0, keyword: '' },
      { limit: 30, offset: 0, keyword: '關於' },
    ]);
  }, 30_000);

  it('says 沒有任何圖片資料 when there is none', async () => {
    adminServer('editor', { 'POST /api/admin/htmlimages': () => ({ json: { success: true, htmlimages: [], total: 0 } }) });
    renderAdmin('/admin/htmlimages');
    expect(await screen.findByText('沒有任何圖片資料')).toBeInTheDocument();
  }, 30_000);

  it('updates a URL (version_page_type, image_type, image_url) and shows the stored one', async () => {
    let stored = '/media/demo/page-1.webp';
    const { calls } = adminServer('editor', {
      'POST /api/admin/htmlimages': () => ({ json: { success: true, htmlimages: [slot(1, { title: '關於我們主圖', version_page_type: 'aboutVersion', image_type: 'aboutImg000', image_url: stored })], total: 1 } }),
      'POST /api/admin/updateImageUrl': (b) => {
        stored = (b as { image_url: string }).image_url;
        return { json: { success: true, message: '更新成功', htmlimage: slot(1, { image_url: stored }) } };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/htmlimages');
    await screen.findByText('關於我們主圖');
    await replaceUrl(user, '關於我們主圖', ' https://cdn.example.com/about-new.webp ');
    await user.click(screen.getByRole('button', { name: '更新 關於我們主圖' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/updateImageUrl').map((c) => c.body)).toEqual([
      { version_page_type: 'aboutVersion', image_type: 'aboutImg000', image_url: 'https://cdn.example.com/about-new.webp' },
    ]);
    // The list is read again: the thumbnail shows the new image.
    await waitFor(() => expect(screen.getByAltText('關於我們主圖 縮圖')).toHaveAttribute('src', 'https://cdn.example.com/about-new.webp'));
    expect(calls.filter((c) => c.path === '/api/admin/htmlimages')).toHaveLength(2);
  }, 30_000);

  it('shows 更新失敗 with the server message, 請稍後再試 when the server is unreachable, and checks the URL first', async () => {
    const { calls, fetchMock } = adminServer('editor', {
      'POST /api/admin/htmlimages': () => ({ json: { success: true, htmlimages: [slot(1, { title: '關於我們主圖' }), slot(2, { title: '聯絡我們主圖' })], total: 2 } }),
      'POST /api/admin/updateImageUrl': () => ({ status: 404, json: { success: false, message: '找不到這個圖片位置' } }),
    });
    const answer = fetchMock.getMockImplementation()!;
    const user = userEvent.setup();
    renderAdmin('/admin/htmlimages');
    await screen.findByText('關於我們主圖');

    await replaceUrl(user, '關於我們主圖', '/media/new.webp');
    await user.click(screen.getByRole('button', { name: '更新 關於我們主圖' }));
    let dialog = await dialogWith('找不到這個圖片位置');
    expect(dialog).toHaveTextContent('更新失敗');
    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    // Still the typed URL, so it can be tried again.
    expect(screen.getByRole('textbox', { name: '關於我們主圖 圖片 URL' })).toHaveValue('/media/new.webp');

    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('updateImageUrl')) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    await replaceUrl(user, '聯絡我們主圖', '/media/contact.webp');
    await user.click(screen.getByRole('button', { name: '更新 聯絡我們主圖' }));
    dialog = await dialogWith('請稍後再試');
    expect(dialog).toHaveTextContent('更新失敗');
    await user.click(within(dialog).getByRole('button', { name: '確定' }));

    const sent = calls.filter((c) => c.path === '/api/admin/updateImageUrl').length;
    await replaceUrl(user, '聯絡我們主圖', 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: '更新 聯絡我們主圖' }));
    dialog = await dialogWith('請輸入圖片 URL');
    expect(dialog).toHaveTextContent('更新失敗');
    expect(calls.filter((c) => c.path === '/api/admin/updateImageUrl')).toHaveLength(sent);
  }, 30_000);
});
