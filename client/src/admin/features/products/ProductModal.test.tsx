import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductRow } from '@api/admin-catalog';
import { CATALOG_MSG } from '@rules/admin-catalog';
import { EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { dialog, listHandler, productRow, toast, TYPES, typesHandler } from './testProducts';

// A busy machine (several test runs at once) renders antd forms slowly.
configure({ asyncUtilTimeout: 20_000 });

type Reply = { status?: number; json: unknown };
const saves = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/admin/createOrUpdateProduct').map((c) => c.body as Record<string, unknown>);
const lists = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/admin/productslist').length;
/** The modal's OK button once it is ready again (antd lets a finished loading icon fade out: its name may still start with it). */
const okButton = (d: HTMLElement, label: '新增' | '儲存') =>
  waitFor(() => {
    const b = within(d).getAllByRole('button', { name: new RegExp(`^(loading )?${label[0]}\\s*${label[1]}$`) }).at(-1)!;
    expect(b).not.toHaveClass('ant-btn-loading');
    return b;
  });

describe('admin product modal (spec 3 §4, §5, §8)', () => {
  beforeAll(() => preloadAdmin(['products']), 60_000);

  it('checks every rule at once with the first banner, shows the server field errors, then creates the product', async () => {
    const all: AdminProductRow[] = [productRow(1)];
    const answers: Reply[] = [
      { status: 400, json: { success: false, message: CATALOG_MSG.checkFields, errors: [{ field: 'product_type', message: CATALOG_MSG.productType }] } },
      { json: { success: true, message: CATALOG_MSG.saved, product_id: 2 } },
    ];
    const { calls } = adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => all),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
      'POST /api/admin/createOrUpdateProduct': () => answers.shift(),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await screen.findByText('保濕商品1');
    await user.click(screen.getByRole('button', { name: /新增商品/ }));
    const modal = await dialog('新增商品');
    // Add mode defaults (spec 3 §4): new and active on, hot and manager off, counts 0.
    expect(within(modal).getByRole('switch', { name: '新品' })).toBeChecked();
    expect(within(modal).getByRole('switch', { name: '上架' })).toBeChecked();
    expect(within(modal).getByRole('switch', { name: '熱銷' })).not.toBeChecked();
    expect(within(modal).getByRole('switch', { name: '店長推薦' })).not.toBeChecked();
    expect(within(modal).getByLabelText('觀看數')).toHaveValue('0');
    expect(within(modal).getByLabelText('庫存')).toHaveValue('0');
    expect(within(modal).getByLabelText('已售數量')).toHaveValue('0');
    // The shop's own counts (ADR 0057): shown, never typed.
    expect(within(modal).getByLabelText('觀看數')).toHaveAttribute('readonly');
    expect(within(modal).getByLabelText('已售數量')).toHaveAttribute('readonly');
    expect(within(modal).getByLabelText('商品描述')).toHaveAttribute('placeholder', expect.stringContaining('18'));

    await user.click(await okButton(modal, '新增'));
    expect(await within(modal).findByText(CATALOG_MSG.checkFields)).toBeInTheDocument();
    for (const text of [
      CATALOG_MSG.seoDescription,
      CATALOG_MSG.productType,
      CATALOG_MSG.title,
      CATALOG_MSG.description,
      CATALOG_MSG.unit,
      CATALOG_MSG.imageUrl,
      CATALOG_MSG.mediaRequired,
      CATALOG_MSG.variantRequired,
    ]) {
      expect(await within(modal).findByText(text)).toBeInTheDocument();
    }
    expect(saves(calls)).toHaveLength(0);

    await user.type(within(modal).getByLabelText('SEO 描述'), '溫和保濕的化妝水');
    await user.click(within(modal).getByRole('combobox', { name: '商品分類' }));
    await user.click(await screen.findByTitle('精華液'));
    await user.type(within(modal).getByLabelText('商品名稱'), '玻尿酸精華');
    await user.type(within(modal).getByLabelText('商品描述'), '深層保濕');
    await user.type(within(modal).getByLabelText('單位'), '瓶');
    await user.type(within(modal).getByRole('textbox', { name: '商品主圖網址' }), 'https://cdn.example.com/main.webp');
    expect(within(modal).getByRole('img', { name: '商品主圖預覽' })).toHaveAttribute('src', 'https://cdn.example.com/main.webp');
    await user.click(within(modal).getByRole('button', { name: /新增媒體/ }));
    await user.type(within(modal).getByRole('textbox', { name: '媒體 1 網址' }), 'javascript:alert(1)');
    await user.click(within(modal).getByRole('button', { name: /新增規格/ }));
    // New variant defaults (spec 3 §9).
    expect(within(modal).getByRole('textbox', { name: '規格 1 原價' })).toHaveValue('999999');
    expect(within(modal).getByRole('textbox', { name: '規格 1 折扣價' })).toHaveValue('9999');
    expect(within(modal).getByRole('spinbutton', { name: '規格 1 數量' })).toHaveValue('0');
    await user.type(within(modal).getByRole('textbox', { name: '規格 1 名稱' }), '30ml');
    await user.clear(within(modal).getByRole('spinbutton', { name: '規格 1 數量' }));
    await user.type(within(modal).getByRole('spinbutton', { name: '規格 1 數量' }), '-1');
    await user.clear(within(modal).getByRole('textbox', { name: '規格 1 原價' }));
    await user.type(within(modal).getByRole('textbox', { name: '規格 1 原價' }), '1,200');
    await user.clear(within(modal).getByRole('textbox', { name: '規格 1 折扣價' }));
    await user.type(within(modal).getByRole('textbox', { name: '規格 1 折扣價' }), '1,500');

    await user.click(await okButton(modal, '新增'));
    expect(await within(modal).findByText(CATALOG_MSG.mediaUrl)).toBeInTheDocument();
    expect(within(modal).getByText(CATALOG_MSG.quantity)).toBeInTheDocument();
    expect(within(modal).getByText(CATALOG_MSG.discountAbove)).toBeInTheDocument();
    // Errors fixed since the last try are gone (antd lets them fade out).
    await waitFor(() => expect(within(modal).queryByText(CATALOG_MSG.title)).toBeNull());
    await waitFor(() => expect(within(modal).queryByText(CATALOG_MSG.variantRequired)).toBeNull());
    expect(saves(calls)).toHaveLength(0);

    await user.clear(within(modal).getByRole('textbox', { name: '媒體 1 網址' }));
    await user.type(within(modal).getByRole('textbox', { name: '媒體 1 網址' }), '/media/lib/a.webp');
    await user.clear(within(modal).getByRole('spinbutton', { name: '規格 1 數量' }));
    await user.type(within(modal).getByRole('spinbutton', { name: '規格 1 數量' }), '5');
    await user.clear(within(modal).getByRole('textbox', { name: '規格 1 折扣價' }));
    await user.type(within(modal).getByRole('textbox', { name: '規格 1 折扣價' }), '990');
    await waitFor(() => expect(within(modal).getByLabelText('庫存')).toHaveValue('5'));

    // The server's own refusal lands on the field it names.
    await user.click(await okButton(modal, '新增'));
    expect(await within(modal).findByText(CATALOG_MSG.productType)).toBeInTheDocument();
    expect(within(modal).getByText(CATALOG_MSG.checkFields)).toBeInTheDocument();

    const before = lists(calls);
    await user.click(await okButton(modal, '新增'));
    await toast(CATALOG_MSG.saved);
    await waitFor(() => expect(screen.queryByText('請檢查表單欄位')).toBeNull());
    await waitFor(() => expect(lists(calls)).toBeGreaterThan(before));
    expect(saves(calls)).toHaveLength(2);
    expect(saves(calls)[1]).toEqual({
      seo_description: '溫和保濕的化妝水',
      product_type: 2,
      title: '玻尿酸精華',
      description: '深層保濕',
      unit: '瓶',
      stock: 5,
      image_url: 'https://cdn.example.com/main.webp',
      is_new: 1,
      is_hot: 0,
      is_manager: 0,
      is_active: 1,
      cosmetics: { ...EMPTY_COSMETICS },
      product_media: [{ media_url: '/media/lib/a.webp', ordering: 0, is_active: 1 }],
      product_variants: [{ variant_name: '30ml', quantity: 5, original_price: '1200', discount_price: '990' }],
    });
  }, 300_000);

  it('edits a copy of the row, keeps the variant ids, shows a failure titled 錯誤, and closes on Escape', async () => {
    const all: AdminProductRow[] = [productRow(7, { is_hot: 1, product_type: 2, type_name: '精華液' })];
    const answers: Reply[] = [
      { status: 500, json: { success: false, message: '系統忙碌，請稍後再試' } },
      { json: { success: true, message: CATALOG_MSG.saved, product_id: 7 } },
    ];
    const { calls } = adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => all),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
      'POST /api/admin/createOrUpdateProduct': () => answers.shift(),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(within((await screen.findByText('保濕商品7')).closest('tr')!).getByRole('button', { name: '編輯「保濕商品7」' }));
    let modal = await dialog('編輯商品 #7');
    expect(within(modal).getByLabelText('商品名稱')).toHaveValue('保濕商品7');
    expect(within(modal).getByRole('switch', { name: '熱銷' })).toBeChecked();
    expect(within(modal).getByRole('switch', { name: '新品' })).not.toBeChecked();
    expect(within(modal).getByLabelText('庫存')).toHaveValue('30');
    // The shop's counts show as they are, read-only (issue 21 §6).
    expect(within(modal).getByLabelText('已售數量')).toHaveValue('14');
    expect(within(modal).getByLabelText('觀看數')).toHaveValue('70');
    expect(within(modal).getByLabelText('已售數量')).toHaveAttribute('readonly');
    expect(within(modal).getByRole('textbox', { name: '規格 2 名稱' })).toHaveValue('100ml');

    // Escape closes without saving.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('編輯商品 #7')).toBeNull());
    await user.click(screen.getByRole('button', { name: '編輯「保濕商品7」' }));
    modal = await dialog('編輯商品 #7');

    await user.clear(within(modal).getByRole('textbox', { name: '規格 1 折扣價' }));
    await user.type(within(modal).getByRole('textbox', { name: '規格 1 折扣價' }), '1,100');
    await user.click(within(modal).getByRole('button', { name: /新增規格/ }));
    await user.type(within(modal).getByRole('textbox', { name: '規格 3 名稱' }), '旅行組');

    await user.click(await okButton(modal, '儲存'));
    const failed = await dialog('錯誤');
    expect(within(failed).getByText('系統忙碌，請稍後再試')).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: /知道了|確\s*定|OK/ }));
    modal = await dialog('編輯商品 #7');
    await user.click(await okButton(modal, '儲存'));
    await toast(CATALOG_MSG.saved);
    await waitFor(() => expect(screen.queryByText('編輯商品 #7')).toBeNull());
    const body = saves(calls)[1];
    expect(body).toMatchObject({ product_id: 7, product_type: 2, title: '保濕商品7', is_hot: 1, is_new: 0, seo_description: '商品7的描述' });
    // 已售數量 and 觀看數 are never sent: the shop counts them.
    expect(Object.keys(body)).not.toContain('sold_quantity');
    expect(Object.keys(body)).not.toContain('views_count');
    expect(body.product_variants).toEqual([
      { id: 701, variant_name: '50ml', quantity: 10, original_price: '1200', discount_price: '1100' },
      { id: 702, variant_name: '100ml', quantity: 20, original_price: '2000', discount_price: '1680' },
      { variant_name: '旅行組', quantity: 0, original_price: '999999', discount_price: '9999' },
    ]);
    expect(body.product_media).toEqual([{ media_url: '/media/demo/p7-1.webp', ordering: 1, is_active: 1 }]);
  }, 300_000);
});
