import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImageLibraryItemView } from '@api/images';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { libraryItem } from './testImages';

type Reply = { status?: number; json: unknown };

/** The library's list call answering from `all` (q filters names), recording each query. */
function libraryServer(all: ImageLibraryItemView[], extra: Parameters<typeof adminServer>[1] = {}) {
  const queries: { page: string | null; pageSize: string | null; q: string | null; folder: string | null }[] = [];
  const server = adminServer('editor', {
    'GET /api/admin/images': (_b, url) => {
      const p = url.searchParams;
      queries.push({ page: p.get('page'), pageSize: p.get('pageSize'), q: p.get('q'), folder: p.get('folder') });
      const q = p.get('q') ?? '';
      const folder = p.get('folder') ?? '';
      const page = Number(p.get('page') ?? 1);
      const size = Number(p.get('pageSize') ?? 24);
      const found = all.filter((i) => i.name.includes(q) && (!folder || i.folder === folder));
      return { json: { success: true, items: found.slice((page - 1) * size, page * size), total: found.length, folders: ['banners', 'products'] } };
    },
    ...extra,
  });
  return { ...server, queries };
}

/** Answers multipart uploads (the shared mock reads JSON bodies only), handing over the form data. */
function answerUploads(fetchMock: ReturnType<typeof adminServer>['fetchMock'], reply: (form: FormData) => Reply) {
  const base = fetchMock.getMockImplementation()!;
  const forms: FormData[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    if (new URL(req.url).pathname !== '/api/admin/images/upload') return base(input, init);
    const form = await req.formData();
    forms.push(form);
    const r = reply(form);
    return new Response(JSON.stringify(r.json), { status: r.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return forms;
}

/** The open dialog holding `text`. */
async function dialogWith(text: string): Promise<HTMLElement> {
  const el = await screen.findByText(text);
  return el.closest<HTMLElement>('[role="dialog"], .ant-modal')!;
}

const imageFile = (name: string, bytes = 10, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

describe('admin image library (spec 3 §5)', () => {
  beforeAll(() => preloadAdmin(['images']), 60_000);

  it('lists the images as cards, searches 300 ms after typing (one call), filters by folder, pages by the chosen size', async () => {
    const all = Array.from({ length: 30 }, (_, i) => libraryItem(30 - i, { folder: i % 2 ? 'banners' : '' }));
    all.push(libraryItem(99, { name: 'serum-bottle.jpg', size: 1536000, width: 1378, height: 1188, folder: 'products' }));
    const { queries } = libraryServer(all);
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    const card = (await screen.findByText('photo-30.jpg')).closest('li')!;
    expect(within(card).getByText('20.0 KB · 800×600')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /複製網址/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('ss-images-card'))).toHaveLength(24);
    expect(screen.getByText('共 31 張圖片')).toBeInTheDocument();
    expect(queries[0]).toEqual({ page: '1', pageSize: '24', q: null, folder: null });

    // The pager (31 > 24): page 2.
    await user.click(screen.getByTitle('2'));
    await screen.findByText('serum-bottle.jpg');
    expect(queries.at(-1)).toEqual({ page: '2', pageSize: '24', q: null, folder: null });

    // Typing: one call once the typing settles, back on page 1; no pager for 1 result.
    const before = queries.length;
    await user.type(screen.getByRole('searchbox', { name: '搜尋圖片' }), 'serum');
    await waitFor(() => expect(screen.queryByText('photo-30.jpg')).toBeNull());
    await screen.findByText('serum-bottle.jpg');
    await waitFor(() => expect(queries.slice(before)).toEqual([{ page: '1', pageSize: '24', q: 'serum', folder: null }]));
    // serum-bottle.jpg was on page 2 already: the search's answer is in once the count says 1.
    expect(await screen.findByText('共 1 張圖片')).toBeInTheDocument();
    expect(screen.getByText('1.5 MB · 1378×1188')).toBeInTheDocument();
    expect(screen.queryByTitle('2')).toBeNull();

    await user.clear(screen.getByRole('searchbox', { name: '搜尋圖片' }));
    await user.type(screen.getByRole('searchbox', { name: '搜尋圖片' }), 'nothing-like-this{Enter}');
    expect(await screen.findByText('目前沒有符合條件的圖片。')).toBeInTheDocument();
  }, 40_000);

  it('changes the page size and the folder filter', async () => {
    const all = Array.from({ length: 30 }, (_, i) => libraryItem(30 - i, { folder: i < 5 ? 'banners' : '' }));
    const { queries } = libraryServer(all);
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    await screen.findByText('photo-30.jpg');
    await user.click(screen.getByRole('combobox', { name: '每頁張數' }));
    await user.click(await screen.findByText('每頁 48 張'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', pageSize: '48', q: null, folder: null }));
    await screen.findByText('photo-1.jpg');
    expect(screen.queryByTitle('2')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: '資料夾' }));
    await user.click(await screen.findByTitle('banners'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', pageSize: '48', q: null, folder: 'banners' }));
    await waitFor(() => expect(screen.queryByText('photo-1.jpg')).toBeNull());
  }, 40_000);

  it('refuses files above 8 MB before sending, naming them', async () => {
    const { calls } = libraryServer([libraryItem(1)]);
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    await screen.findByText('photo-1.jpg');
    await user.upload(screen.getByLabelText('選擇要上傳的圖片'), [
      imageFile('ok.png'),
      imageFile('huge-1.jpg', 8388609, 'image/jpeg'),
      imageFile('huge-2.png', 9000000),
      imageFile('edge.png', 8388608),
    ]);
    expect(await screen.findByText('以下檔案超過大小限制：huge-1.jpg、huge-2.png')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/images/upload')).toBe(false);
  }, 40_000);

  it('uploads the chosen files with the folder and says how many (and how many became WebP), then lists them', async () => {
    const all = [libraryItem(1)];
    const { fetchMock, queries } = libraryServer(all);
    const forms = answerUploads(fetchMock, (form) => {
      const files = form.getAll('files') as File[];
      const stored = files.map((_f, i) => libraryItem(100 + i, { name: `new-${i + 1}.webp`, folder: String(form.get('folder') ?? '') }));
      all.unshift(...stored);
      return { status: 201, json: { success: true, message: `已上傳 ${files.length} 個檔案`, items: stored, converted: 2 } };
    });
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    await screen.findByText('photo-1.jpg');
    await user.type(screen.getByRole('combobox', { name: '上傳到資料夾' }), 'products');
    const listed = queries.length;
    await user.upload(screen.getByLabelText('選擇要上傳的圖片'), [imageFile('a.png'), imageFile('b.jpg', 20, 'image/jpeg')]);
    expect(await screen.findByText('已上傳 2 個檔案（其中 2 個已轉為 WebP）')).toBeInTheDocument();
    expect(forms).toHaveLength(1);
    // (jsdom's multipart round trip keeps the parts, not their file names)
    expect(forms[0].getAll('files')).toHaveLength(2);
    expect(forms[0].get('folder')).toBe('products');
    expect(forms[0].get('acceptWebp')).toBe('1');
    expect(await screen.findByText('new-2.webp')).toBeInTheDocument();
    expect(queries.length).toBeGreaterThan(listed);
  }, 40_000);

  it('shows the server refusal of an upload, and refuses dropped files that are not images', async () => {
    const { fetchMock } = libraryServer([libraryItem(1)]);
    answerUploads(fetchMock, () => ({ status: 400, json: { success: false, message: '以下檔案不是有效的圖片（僅接受 JPEG、PNG、WebP、GIF）：fake.png', files: ['fake.png'] } }));
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    await screen.findByText('photo-1.jpg');
    await user.upload(screen.getByLabelText('選擇要上傳的圖片'), [imageFile('fake.png')]);
    expect(await screen.findByText('以下檔案不是有效的圖片（僅接受 JPEG、PNG、WebP、GIF）：fake.png')).toBeInTheDocument();

    const zone = screen.getByTestId('image-drop-zone');
    act(() => {
      fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' }), imageFile('ok.png')], types: ['Files'] } });
    });
    expect(await screen.findByText('以下檔案不是圖片：notes.txt')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([r]) => r instanceof Request && r.url.endsWith('/upload'))).toHaveLength(1);
  }, 40_000);

  it('asks before deleting; an image in use is refused with where it is used', async () => {
    const all = [libraryItem(1), libraryItem(2, { name: 'cover.png' })];
    const { calls } = libraryServer(all, {
      'DELETE /api/admin/images/2': () => ({
        status: 409,
        json: { success: false, message: '圖片使用中，無法刪除：商品「玻尿酸精華」、輪播圖「夏日」', usedBy: ['商品「玻尿酸精華」', '輪播圖「夏日」'] },
      }),
      'DELETE /api/admin/images/1': () => {
        all.splice(0, 1);
        return { json: { success: true, message: '已刪除' } };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    await screen.findByText('cover.png');

    await user.click(screen.getByRole('button', { name: '刪除 cover.png' }));
    let confirm = await dialogWith('確定要刪除「cover.png」嗎？刪除後無法復原。');
    await user.click(within(confirm).getByRole('button', { name: '刪除' }));
    const refused = await dialogWith('此圖片使用中，無法刪除。使用位置：');
    expect(within(refused).getAllByText('刪除失敗').length).toBeGreaterThan(0);
    expect(within(refused).getByText('商品「玻尿酸精華」')).toBeInTheDocument();
    expect(within(refused).getByText('輪播圖「夏日」')).toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: '知道了' }));
    expect(screen.getByText('cover.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '刪除 photo-1.jpg' }));
    confirm = await dialogWith('確定要刪除「photo-1.jpg」嗎？刪除後無法復原。');
    await user.click(within(confirm).getByRole('button', { name: '刪除' }));
    expect(await screen.findByText('已刪除')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('photo-1.jpg')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/images/2', '/api/admin/images/1']);
  }, 40_000);

  it('cancelling the confirmation deletes nothing', async () => {
    const { calls } = libraryServer([libraryItem(1)]);
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    await screen.findByText('photo-1.jpg');
    await user.click(screen.getByRole('button', { name: '刪除 photo-1.jpg' }));
    const confirm = await dialogWith('確定要刪除「photo-1.jpg」嗎？刪除後無法復原。');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  }, 40_000);

  it('copies the absolute URL, and says so when the clipboard refuses; the preview opens on click and closes with Escape', async () => {
    libraryServer([libraryItem(1)]);
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    await screen.findByText('photo-1.jpg');
    await user.click(screen.getByRole('button', { name: /複製網址/ }));
    expect(await screen.findByText('已複製圖片網址')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/media/library/img-1.webp`);

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: /複製網址/ }));
    expect(await screen.findByText('複製失敗，請手動選取網址')).toBeInTheDocument();
    // The preview opens with the URL ready to select by hand.
    const url = await screen.findByRole('textbox', { name: '圖片網址' });
    expect(url).toHaveValue(`${window.location.origin}/media/library/img-1.webp`);
    await user.keyboard('{Escape}');
    // Closing (jsdom never ends antd's leave animation, so the dialog stays in the page while leaving).
    await waitFor(() => expect(document.querySelector('.ss-images-preview')).toHaveClass('ant-zoom-leave'));

    await user.click(screen.getByRole('button', { name: '預覽 photo-1.jpg' }));
    await screen.findByRole('textbox', { name: '圖片網址' });
    expect(screen.getAllByRole('img', { name: 'photo-1.jpg' }).map((i) => i.getAttribute('src'))).toContain('/media/library/img-1.webp');
  }, 40_000);

  it('says 讀取失敗 when the list cannot be read, with a retry', async () => {
    let fail = true;
    adminServer('editor', {
      'GET /api/admin/images': () => (fail ? { status: 500, json: { success: false } } : { json: { success: true, items: [], total: 0, folders: [] } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/images');
    expect(await screen.findByText('讀取失敗')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByText('目前沒有符合條件的圖片。')).toBeInTheDocument();
  }, 40_000);
});
