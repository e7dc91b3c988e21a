import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_MSG } from '@rules/admin-catalog';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { dialog, listHandler, productRow, toast, TYPES, typesHandler } from './testProducts';

// A busy machine (several test runs at once) renders antd tables slowly.
configure({ asyncUtilTimeout: 20_000 });

const listBodies = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/admin/productslist').map((c) => c.body);
const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('admin products list (spec 3 §2, §4, §8, §9)', () => {
  beforeAll(() => preloadAdmin(['products']), 60_000);
  afterEach(() => vi.unstubAllGlobals());

  it('lists 10 a page with the row details, searches on Enter, filters by category and pages on', async () => {
    const all = Array.from({ length: 23 }, (_, i) => productRow(23 - i));
    const { calls } = adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => all),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
    });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/products');
    const row = await rowOf('保濕商品23');
    // status, image, name (its number under it), category, stock, sold, views, actions: fits 1440 px
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1)).toEqual(['', '保濕商品23#23', '化妝水', '30', '46', '230', '詳細編輯刪除']);
    expect(screen.getByRole('table').style.width).toBe('');
    expect(within(row).getByRole('img', { name: '保濕商品23' })).toHaveAttribute('src', '/media/demo/p23.webp');
    expect(within(row).getByRole('switch', { name: '上架「保濕商品23」' })).toBeChecked();
    expect(screen.getAllByRole('switch', { name: /^上架「/ })).toHaveLength(10);
    expect(screen.getByText('共 23 筆')).toBeInTheDocument();

    await user.click(screen.getByTitle('3'));
    await screen.findByText('保濕商品3');
    expect(screen.getAllByRole('switch', { name: /^上架「/ })).toHaveLength(3);
    expect(router.state.location.search).toBe('?page=3');

    await user.type(screen.getByRole('textbox', { name: '搜尋商品' }), '保濕商品7{Enter}');
    await screen.findByText('保濕商品7');
    await waitFor(() => expect(screen.queryByText('保濕商品3')).toBeNull());
    expect(router.state.location.search).toBe('?q=%E4%BF%9D%E6%BF%95%E5%95%86%E5%93%817');

    await user.clear(screen.getByRole('textbox', { name: '搜尋商品' }));
    await user.click(screen.getByRole('combobox', { name: '商品分類篩選' }));
    await user.click(await screen.findByTitle('精華液'));
    await screen.findByText('保濕商品22');
    await waitFor(() => expect(screen.queryByText('保濕商品7')).toBeNull());
    expect(screen.getByText('共 11 筆')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '搜尋商品' }), '8');
    await user.click(screen.getByRole('button', { name: /搜\s*尋/ }));
    await screen.findByText('保濕商品8');
    await waitFor(() => expect(screen.queryByText('保濕商品22')).toBeNull());

    expect(listBodies(calls)).toEqual([
      { limit: 10, offset: 0, searchKeyword: '', product_type: '' },
      { limit: 10, offset: 20, searchKeyword: '', product_type: '' },
      { limit: 10, offset: 0, searchKeyword: '保濕商品7', product_type: '' },
      { limit: 10, offset: 0, searchKeyword: '', product_type: 2 },
      { limit: 10, offset: 0, searchKeyword: '8', product_type: 2 },
    ]);
  }, 300_000);

  it('says so when nothing matches', async () => {
    adminServer('editor', {
      'POST /api/admin/productslist': () => ({ json: { success: true, products: [], total: 0 } }),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
    });
    renderAdmin('/admin/products?q=nothing');
    expect(await screen.findByText('沒有符合條件的商品')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '搜尋商品' })).toHaveValue('nothing');
  }, 60_000);

  it('delists at once; a refused change shows the server message (or 更新失敗) and the switch reverts', async () => {
    const all = [productRow(2), productRow(1)];
    let refuse: 'message' | 'transport' | null = 'message';
    const { calls } = adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => all),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
      'PUT /api/admin/products/isActive': (b) => {
        if (refuse === 'message') return { status: 404, json: { success: false, message: CATALOG_MSG.productNotFound } };
        if (refuse === 'transport') return { status: 502, json: { success: false } };
        const { product_id, is_active } = b as { product_id: number; is_active: number };
        all.forEach((p) => p.product_id === product_id && (p.is_active = is_active));
        return { json: { success: true, message: CATALOG_MSG.updated } };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    const sw = within(await rowOf('保濕商品2')).getByRole('switch', { name: '上架「保濕商品2」' });
    expect(sw).toBeChecked();

    await user.click(sw);
    const refused = await dialog(CATALOG_MSG.productNotFound);
    await waitFor(() => expect(sw).toBeChecked());
    await user.click(within(refused).getByRole('button', { name: /知道了|確\s*定|OK/ }));

    refuse = 'transport';
    await user.click(sw);
    const failed = await dialog('更新失敗');
    await waitFor(() => expect(sw).toBeChecked());
    await user.click(within(failed).getByRole('button', { name: /知道了|確\s*定|OK/ }));

    refuse = null;
    await user.click(sw);
    await toast('已下架「保濕商品2」');
    await waitFor(() => expect(within(screen.getByText('保濕商品2').closest('tr')!).getByRole('switch')).not.toBeChecked());
    const puts = calls.filter((c) => c.path === '/api/admin/products/isActive').map((c) => [c.method, c.body]);
    expect(puts).toEqual([
      ['PUT', { product_id: 2, is_active: 0 }],
      ['PUT', { product_id: 2, is_active: 0 }],
      ['PUT', { product_id: 2, is_active: 0 }],
    ]);
  }, 300_000);

  it('deletes only after a confirm and shows the server answer (hidden when ever ordered)', async () => {
    let all = [productRow(2), productRow(1)];
    const { calls } = adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => all),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
      'DELETE /api/admin/products/2': () => {
        all = all.map((p) => (p.product_id === 2 ? { ...p, is_active: 0 } : p));
        return { json: { success: true, hidden: true, message: CATALOG_MSG.hiddenInstead } };
      },
      'DELETE /api/admin/products/1': () => {
        all = all.filter((p) => p.product_id !== 1);
        return { json: { success: true, hidden: false, message: CATALOG_MSG.deleted } };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(within(await rowOf('保濕商品2')).getByRole('button', { name: '刪除「保濕商品2」' }));
    const ask = await dialog('刪除商品「保濕商品2」？');
    await user.click(within(ask).getByRole('button', { name: /取\s*消/ }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(await rowOf('保濕商品2')).getByRole('button', { name: '刪除「保濕商品2」' }));
    await user.click(within(await dialog('刪除商品「保濕商品2」？')).getByRole('button', { name: /刪\s*除/ }));
    const hidden = await dialog(CATALOG_MSG.hiddenInstead);
    await waitFor(() => expect(within(screen.getByText('保濕商品2').closest('tr')!).getByRole('switch')).not.toBeChecked());
    await user.click(within(hidden).getByRole('button', { name: /知道了|確\s*定|OK/ }));

    await user.click(within(await rowOf('保濕商品1')).getByRole('button', { name: '刪除「保濕商品1」' }));
    await user.click(within(await dialog('刪除商品「保濕商品1」？')).getByRole('button', { name: /刪\s*除/ }));
    await dialog(CATALOG_MSG.deleted);
    await waitFor(() => expect(screen.queryByText('保濕商品1')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/products/2', '/api/admin/products/1']);
  }, 300_000);

  it('opens the detail HTML editor in a 1830x1200 window on a desktop, and says phones cannot edit HTML', async () => {
    adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => [productRow(5)]),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
    });
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const user = userEvent.setup();
    const first = renderAdmin('/admin/products');
    await user.click(within(await rowOf('保濕商品5')).getByRole('button', { name: '詳細「保濕商品5」' }));
    expect(open).toHaveBeenCalledWith('/editor?edittype=product&product_id=5', 'ss-editor-product-5', 'width=1830,height=1200');
    first.unmount();

    vi.stubGlobal('innerWidth', 390);
    renderAdmin('/admin/products', { width: 390 });
    // A phone gets cards (ResponsiveList).
    await user.click(within((await screen.findByText('保濕商品5')).closest('li')!).getByRole('button', { name: '詳細「保濕商品5」' }));
    await toast('手機版不支援 HTML 編輯，請使用電腦操作');
    expect(open).toHaveBeenCalledTimes(1);
  }, 300_000);

  it('on a phone shows one card per product with its switch, 編輯 and 刪除', async () => {
    adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => [productRow(2), productRow(1, { is_active: 0 })]),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
    });
    renderAdmin('/admin/products', { width: 390 });
    const list = await screen.findByRole('list', { name: '商品列表' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]).getByRole('switch', { name: '上架「保濕商品2」' })).toBeChecked();
    expect(within(cards[1]).getByRole('switch', { name: '上架「保濕商品1」' })).not.toBeChecked();
    expect(within(cards[0]).getByRole('button', { name: '編輯「保濕商品2」' })).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: '刪除「保濕商品2」' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('庫存').nextElementSibling).toHaveTextContent('30');
  }, 60_000);
});
