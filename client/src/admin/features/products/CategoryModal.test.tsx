import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductTypeRow } from '@api/admin-catalog';
import { CATALOG_MSG } from '@rules/admin-catalog';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { dialog, listHandler, productRow, TYPES, typesHandler } from './testProducts';

// A busy machine (several test runs at once) renders antd tables slowly.
configure({ asyncUtilTimeout: 20_000 });

describe('admin categories (spec 3 §2, §4, §5)', () => {
  beforeAll(() => preloadAdmin(['products']), 60_000);

  it('adds (name required) and edits a category, and shows the refusal to delete one with products', async () => {
    let types: AdminProductTypeRow[] = TYPES.map((t) => ({ ...t }));
    const { calls } = adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => [productRow(1)]),
      'GET /api/admin/loadproducttypes': typesHandler(() => types),
      'POST /api/admin/product-types': (b) => {
        const { type_name, is_active } = b as { type_name: string; is_active: number };
        types = [...types, { id: 9, type_name, is_active, product_count: 0 }];
        return { json: { success: true, newid: 9, message: CATALOG_MSG.saved } };
      },
      'PUT /api/admin/product-types/1': (b) => {
        const { type_name, is_active } = b as { type_name: string; is_active: number };
        types = types.map((t) => (t.id === 1 ? { ...t, type_name, is_active } : t));
        return { json: { success: true, message: CATALOG_MSG.updated } };
      },
      'DELETE /api/admin/product-types/2': () => ({ status: 409, json: { success: false, message: CATALOG_MSG.typeHasProducts } }),
      'DELETE /api/admin/product-types/3': () => {
        types = types.filter((t) => t.id !== 3);
        return { json: { success: true, message: CATALOG_MSG.deleted } };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await screen.findByText('保濕商品1');
    await user.click(screen.getByRole('button', { name: /類別管理/ }));
    const modal = await dialog('類別管理');
    const row = (name: string) => within(modal).getByText(name).closest('tr')!;
    await within(modal).findByText('空類別');
    expect(within(row('化妝水')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['化妝水', '啟用', '12', '編輯刪除']);

    // Add mode: the name is required.
    await user.click(within(modal).getByRole('button', { name: /^新增類別$/ }));
    expect(await within(modal).findByText(CATALOG_MSG.typeName)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/product-types')).toBe(false);
    await user.type(within(modal).getByLabelText('類別名稱'), '  乳霜  ');
    await user.click(within(modal).getByRole('button', { name: /^新增類別$/ }));
    expect(await within(modal).findByText('乳霜')).toBeInTheDocument();
    expect(within(modal).getByLabelText('類別名稱')).toHaveValue('');

    // Edit mode once an id is set.
    await user.click(within(row('化妝水')).getByRole('button', { name: '編輯類別「化妝水」' }));
    expect(await within(modal).findByText('編輯類別 #1')).toBeInTheDocument();
    expect(within(modal).getByLabelText('類別名稱')).toHaveValue('化妝水');
    await user.clear(within(modal).getByLabelText('類別名稱'));
    await user.type(within(modal).getByLabelText('類別名稱'), '保濕化妝水');
    await user.click(within(modal).getByRole('switch', { name: '類別啟用' }));
    await user.click(within(modal).getByRole('button', { name: /^更新類別$/ }));
    expect(await within(modal).findByText('保濕化妝水')).toBeInTheDocument();
    expect(within(row('保濕化妝水')).getByText('停用')).toBeInTheDocument();

    // A category with products stays.
    await user.click(within(row('精華液')).getByRole('button', { name: '刪除類別「精華液」' }));
    await user.click(within(await dialog('刪除類別「精華液」？')).getByRole('button', { name: /刪\s*除/ }));
    const refused = await dialog('刪除失敗');
    expect(within(refused).getByText(CATALOG_MSG.typeHasProducts)).toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: /知道了|確\s*定|OK/ }));
    expect(within(modal).getByText('精華液')).toBeInTheDocument();

    // An empty one goes.
    await user.click(within(row('空類別')).getByRole('button', { name: '刪除類別「空類別」' }));
    await user.click(within(await dialog('刪除類別「空類別」？')).getByRole('button', { name: /刪\s*除/ }));
    await waitFor(() => expect(within(modal).queryByText('空類別')).toBeNull());

    const writes = calls.filter((c) => c.path.startsWith('/api/admin/product-types')).map((c) => [c.method, c.path, c.body]);
    expect(writes).toEqual([
      ['POST', '/api/admin/product-types', { type_name: '乳霜', is_active: 1 }],
      ['PUT', '/api/admin/product-types/1', { id: 1, type_name: '保濕化妝水', is_active: 0 }],
      ['DELETE', '/api/admin/product-types/2', undefined],
      ['DELETE', '/api/admin/product-types/3', undefined],
    ]);
  }, 300_000);
});
