import type { AdminPosterRow } from '@api/admin-posters';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const poster = (id: number, extra: Partial<AdminPosterRow> = {}): AdminPosterRow => ({
  id,
  title: `防曬知識 ${id}`,
  seo_description: `SPF 與 PA 一次搞懂 ${id}`,
  content: `<p>內容 ${id}</p>`,
  coverImage: `/media/posters/${id}.webp`,
  layoutType: 'image-left',
  imageWidth: 50,
  textAnimation: '',
  imageAnimation: '',
  is_active: 1,
  updated_at: '2026-11-20T02:00:00.000Z',
  ...extra,
});

/** The open dialogs called `name` (antd keeps a closing one in the page while it animates out). */
// (Plain DOM queries: role queries over the whole page are slow in jsdom.)
const openDialogs = (name: string | RegExp) =>
  Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).filter((d) => {
    if (d.closest('[class*="-leave"]') || d.className.includes('leave')) return false;
    const title = d.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent ?? '';
    return typeof name === 'string' ? title === name : name.test(title);
  });
const findDialog = async (name: string | RegExp) => {
  await waitFor(() => expect(openDialogs(name)).toHaveLength(1));
  return openDialogs(name)[0];
};

type ListBody = { limit: number; offset: number; keyword: string };
const list = (rows: AdminPosterRow[]) => (b: unknown) => {
  const { limit, offset, keyword } = b as ListBody;
  const found = keyword ? rows.filter((r) => r.title.includes(keyword)) : rows;
  return { json: { success: true, rows: found.slice(offset, offset + limit), total: found.length } };
};

describe('admin posters (spec 3 §2–§9, issue 12)', () => {
  beforeAll(() => preloadAdmin(['adposters']), 60_000);

  it('lists 20 posters a page with cover and id, searches on Enter, and says so when empty', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => poster(25 - i));
    const { calls } = adminServer('editor', { 'POST /api/admin/loadPosters': list(rows) });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/adposters');
    const row = (await screen.findByText('防曬知識 25')).closest('tr')!;
    expect(within(row).getByLabelText('「防曬知識 25」顯示於網站')).toBeChecked();
    expect(within(row).getByLabelText('「防曬知識 25」封面圖片').querySelector('img')).toHaveAttribute('src', '/media/posters/25.webp');
    expect(within(row).getByText('25')).toBeInTheDocument();
    expect(screen.getByText('共 25 筆')).toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    await screen.findByText('防曬知識 5');
    await user.type(screen.getByRole('searchbox', { name: '搜尋海報' }), '沒有這篇{Enter}');
    expect(await screen.findByText('暫無海報資料')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/loadPosters').map((c) => c.body)).toEqual([
      { limit: 20, offset: 0, keyword: '' },
      { limit: 20, offset: 20, keyword: '' },
      { limit: 20, offset: 0, keyword: '沒有這篇' },
    ]);
  }, 40_000);

  it('checks a new poster as the spec says, then creates it with its layout and reloads the list', async () => {
    const rows: AdminPosterRow[] = [poster(1)];
    const { calls } = adminServer('editor', {
      'POST /api/admin/loadPosters': (b) => list(rows)(b),
      'POST /api/admin/createPoster': (b) => {
        const input = b as Omit<AdminPosterRow, 'id' | 'updated_at'>;
        rows.unshift({ ...poster(2), ...input });
        return { json: { success: true, message: '新增成功', newId: 2, poster: rows[0] } };
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/adposters');
    await screen.findByText('防曬知識 1');
    await user.click(screen.getByRole('button', { name: /新增海報/, hidden: true }));
    const dialog = await findDialog('新增海報');

    // Nothing filled: one banner for the three required fields.
    await user.click(within(dialog).getByRole('button', { name: /新\s*增/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('請填寫完整資料');
    expect(alert).toHaveTextContent('標題、內文、封面圖片為必填');

    await user.click(within(dialog).getByRole('textbox', { name: '標題' }));
    await user.paste('保濕三步驟');
    await user.click(within(dialog).getByRole('textbox', { name: '封面圖片' }));
    await user.paste('/media/posters/new.webp');
    await user.click(within(dialog).getByRole('button', { name: /HTML 原始碼/ }));
    await user.click(within(dialog).getByRole('textbox', { name: '內文（HTML 原始碼）' }));
    await user.paste('<p>先清潔、再保濕</p>');
    await user.click(within(dialog).getByRole('radio', { name: '圖右文左' }));

    // The SEO description was never typed: it must be defined.
    await user.click(within(dialog).getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('請輸入SEO描述'));
    expect(calls.some((c) => c.path === '/api/admin/createPoster')).toBe(false);

    await user.click(within(dialog).getByRole('textbox', { name: 'SEO 描述' }));
    await user.paste('乾燥肌的保濕順序');
    await user.click(within(dialog).getByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() => expect(openDialogs('新增海報')).toHaveLength(0));
    expect(calls.find((c) => c.path === '/api/admin/createPoster')?.body).toEqual({
      title: '保濕三步驟',
      seo_description: '乾燥肌的保濕順序',
      content: '<p>先清潔、再保濕</p>',
      coverImage: '/media/posters/new.webp',
      layoutType: 'image-right',
      imageWidth: 50,
      textAnimation: '',
      imageAnimation: '',
      is_active: 1,
    });
    expect(await screen.findByText('保濕三步驟')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/loadPosters')).toHaveLength(2);
  }, 40_000);

  it('keeps the form open with 新增失敗 and the server reason when the server refuses; Escape closes it', async () => {
    adminServer('editor', {
      'POST /api/admin/loadPosters': list([]),
      'POST /api/admin/createPoster': () => ({ status: 400, json: { success: false, message: '標題、內文、封面圖片為必填' } }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/adposters');
    await screen.findByText('暫無海報資料');
    await user.click(screen.getByRole('button', { name: /新增海報/, hidden: true }));
    const dialog = await findDialog('新增海報');
    await user.click(within(dialog).getByRole('textbox', { name: '標題' }));
    await user.paste('標題');
    await user.click(within(dialog).getByRole('textbox', { name: 'SEO 描述' }));
    await user.paste('SEO');
    await user.click(within(dialog).getByRole('textbox', { name: '封面圖片' }));
    await user.paste('https://cdn.example.com/a.jpg');
    await user.click(within(dialog).getByRole('button', { name: /HTML 原始碼/ }));
    await user.click(within(dialog).getByRole('textbox', { name: '內文（HTML 原始碼）' }));
    await user.paste('<p>內文</p>');
    await user.click(within(dialog).getByRole('button', { name: /新\s*增/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('新增失敗');
    expect(alert).toHaveTextContent('標題、內文、封面圖片為必填');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(openDialogs('新增海報')).toHaveLength(0));
  }, 40_000);

  it('edits a poster with its saved values and sends its id', async () => {
    const { calls } = adminServer('editor', {
      'POST /api/admin/loadPosters': list([poster(7, { layoutType: 'full-width', imageWidth: 70, textAnimation: 'fade-up' })]),
      'POST /api/admin/updatePoster': (b) => ({ json: { success: true, message: '更新成功', poster: { ...poster(7), ...(b as object) } } }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/adposters');
    await user.click(await screen.findByLabelText('編輯「防曬知識 7」'));
    const dialog = await findDialog('編輯海報 #7');
    expect(within(dialog).getByRole('textbox', { name: '標題' })).toHaveValue('防曬知識 7');
    expect(within(dialog).getByRole('radio', { name: '滿版（圖在上）' })).toBeChecked();
    expect(within(dialog).getByText('圖片寬度：70%')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('switch', { name: '顯示預覽' }));
    const preview = within(dialog).getByTestId('poster-preview');
    expect(preview).toHaveAttribute('data-layout', 'full-width');
    expect(within(preview).getByTitle('海報預覽').getAttribute('srcdoc')).toContain('<p>內容 7</p>');

    const title = within(dialog).getByRole('textbox', { name: '標題' });
    await user.clear(title);
    await user.type(title, '防曬新知');
    await user.click(within(dialog).getByRole('button', { name: /儲\s*存/ }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/updatePoster')?.body).toMatchObject({
      id: 7,
      title: '防曬新知',
      seo_description: 'SPF 與 PA 一次搞懂 7',
      content: '<p>內容 7</p>',
      layoutType: 'full-width',
      imageWidth: 70,
      textAnimation: 'fade-up',
      is_active: 1,
    });
  }, 40_000);

  it('saves the 顯示/隱藏 switch at once, and puts it back with 更新失敗 when the server refuses', async () => {
    let refuse = false;
    const { calls } = adminServer('editor', {
      'POST /api/admin/loadPosters': list([poster(3)]),
      'POST /api/admin/updatePosterIsActive': (b) =>
        refuse ? { status: 404, json: { success: false, message: '海報不存在' } } : { json: { success: true, message: '更新成功', ...(b as object) } },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/adposters');
    const toggle = await screen.findByLabelText('「防曬知識 3」顯示於網站');
    expect(toggle).toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText('「防曬知識 3」已隱藏')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('「防曬知識 3」顯示於網站')).not.toBeChecked());

    refuse = true;
    await user.click(screen.getByLabelText('「防曬知識 3」顯示於網站'));
    expect(await screen.findByText('更新失敗（海報不存在）')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('「防曬知識 3」顯示於網站')).not.toBeChecked());
    expect(calls.filter((c) => c.path === '/api/admin/updatePosterIsActive').map((c) => c.body)).toEqual([
      { id: 3, is_active: 0 },
      { id: 3, is_active: 1 },
    ]);
  }, 40_000);

  it('asks before deleting; cancel sends nothing, confirm deletes, a refusal shows 刪除失敗', async () => {
    let rows = [poster(4), poster(5)];
    let refuse = false;
    const { calls } = adminServer('editor', {
      'POST /api/admin/loadPosters': (b) => list(rows)(b),
      'POST /api/admin/deletePoster': (b) => {
        if (refuse) return { status: 500, json: { success: false, message: '系統忙碌' } };
        rows = rows.filter((r) => r.id !== (b as { id: number }).id);
        return { json: { success: true, message: '刪除成功', id: (b as { id: number }).id } };
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/adposters');
    await user.click(await screen.findByLabelText('刪除「防曬知識 4」'));
    let confirm = await findDialog(/刪除「防曬知識 4」？/);
    expect(confirm).toHaveTextContent('刪除後無法復原');
    await user.click(within(confirm).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(openDialogs(/刪除「防曬知識 4」？/)).toHaveLength(0));
    expect(calls.some((c) => c.path === '/api/admin/deletePoster')).toBe(false);

    await user.click(screen.getByLabelText('刪除「防曬知識 4」'));
    confirm = await findDialog(/刪除「防曬知識 4」？/);
    await user.click(within(confirm).getByRole('button', { name: /刪\s*除/ }));
    expect(await screen.findByText('刪除成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('防曬知識 4')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/admin/deletePoster').map((c) => c.body)).toEqual([{ id: 4 }]);

    refuse = true;
    await user.click(screen.getByLabelText('刪除「防曬知識 5」'));
    confirm = await findDialog(/刪除「防曬知識 5」？/);
    await user.click(within(confirm).getByRole('button', { name: /刪\s*除/ }));
    expect(await screen.findByText('刪除失敗（系統忙碌）')).toBeInTheDocument();
    expect(screen.getByText('防曬知識 5')).toBeInTheDocument();
  }, 40_000);
});
