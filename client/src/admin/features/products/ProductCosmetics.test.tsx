import type { AdminProductRow } from '@api/admin-catalog';
import { CATALOG_MSG } from '@rules/admin-catalog';
import { COSMETICS_MSG, EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { dialog, listHandler, productRow, toast, TYPES, typesHandler } from './testProducts';

// A busy machine (several test runs at once) renders antd forms slowly.
configure({ asyncUtilTimeout: 20_000 });

type Reply = { status?: number; json: unknown };
const saves = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/admin/createOrUpdateProduct').map((c) => c.body as Record<string, unknown>);
const PHRASES = [
  { phrase: '治療', reason: '涉及醫療效能（化粧品不得宣稱醫療效果）' },
  { phrase: '100% 有效', reason: '誇大或保證效果（虛偽誇大）' },
];
const saveButton = (d: HTMLElement) =>
  waitFor(() => {
    const b = within(d).getAllByRole('button', { name: /^(loading )?儲\s*存$/ }).at(-1)!;
    expect(b).not.toHaveClass('ant-btn-loading');
    return b;
  });
/** The claims confirms on screen (antd keeps a closing one in the page with a leave class). */
const openConfirms = () => screen.queryAllByTestId('claims-confirm').filter((c) => !c.closest('[class*="-leave"]'));
const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function openProduct(id: number) {
  await screen.findByText(`保濕商品${id}`);
  await setup().click(screen.getByRole('button', { name: `編輯「保濕商品${id}」` }));
  return dialog(`編輯商品 #${id}`);
}

describe('admin product form: 化粧品標示 and the claims check (issue 22 §5, spec 4 §4, §5)', () => {
  beforeAll(() => preloadAdmin(['products']), 60_000);

  it('edits the eight label fields, warns while listed without a registration number, refuses a bad one and sends them nested', async () => {
    const all: AdminProductRow[] = [productRow(5, { cosmetics: { ...EMPTY_COSMETICS } })];
    const answers: Reply[] = [
      { status: 400, json: { success: false, message: CATALOG_MSG.checkFields, errors: [{ field: 'cosmetics.maker', message: '製造或輸入業者最多 300 個字' }] } },
      { json: { success: true, message: CATALOG_MSG.saved, product_id: 5, warnings: [] } },
    ];
    const { calls } = adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => all),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
      'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: PHRASES } }),
      'POST /api/admin/createOrUpdateProduct': () => answers.shift(),
    });
    const user = setup();
    renderAdmin('/admin/products');
    const modal = await openProduct(5);
    expect(within(modal).getByRole('heading', { name: '化粧品標示' })).toBeInTheDocument();
    for (const label of ['化粧品產品登錄編號', '全成分', '容量', '使用方法', '注意事項', '保存期限', '產地', '製造或輸入業者']) {
      expect(within(modal).getByRole('textbox', { name: label })).toHaveValue('');
    }
    // Listed (上架) without a number: a warning, not a refusal.
    expect(within(modal).getByTestId('product-registration-warning')).toHaveTextContent(COSMETICS_MSG.registrationMissing);
    await user.click(within(modal).getByRole('switch', { name: '上架' }));
    await waitFor(() => expect(within(modal).queryByTestId('product-registration-warning')).toBeNull());
    await user.click(within(modal).getByRole('switch', { name: '上架' }));
    expect(await within(modal).findByTestId('product-registration-warning')).toBeInTheDocument();

    const reg = within(modal).getByRole('textbox', { name: '化粧品產品登錄編號' });
    await user.type(reg, 'A5_0001');
    await waitFor(() => expect(within(modal).queryByTestId('product-registration-warning')).toBeNull());
    await user.type(within(modal).getByRole('textbox', { name: '容量' }), '50ml');
    await user.type(within(modal).getByRole('textbox', { name: '全成分' }), '水、甘油、玻尿酸鈉');
    await user.type(within(modal).getByRole('textbox', { name: '產地' }), '台灣');
    await user.type(within(modal).getByRole('textbox', { name: '製造或輸入業者' }), '肌研舍股份有限公司 台北市大安區');
    await user.click(await saveButton(modal));
    expect(await within(modal).findByText(COSMETICS_MSG.registrationNo)).toBeInTheDocument();
    expect(within(modal).getByTestId('product-form-banner')).toHaveTextContent(CATALOG_MSG.checkFields);
    expect(saves(calls)).toHaveLength(0);

    await user.clear(reg);
    await user.type(reg, 'A5-0001');
    // The server's refusal of a label field lands on it.
    await user.click(await saveButton(modal));
    expect(await within(modal).findByText('製造或輸入業者最多 300 個字')).toBeInTheDocument();
    await waitFor(() => expect(within(modal).queryByText(COSMETICS_MSG.registrationNo)).toBeNull());

    await user.click(await saveButton(modal));
    await toast(CATALOG_MSG.saved);
    expect(saves(calls)).toHaveLength(2);
    expect(saves(calls)[1].cosmetics).toEqual({
      ...EMPTY_COSMETICS,
      registration_no: 'A5-0001',
      volume: '50ml',
      ingredients: '水、甘油、玻尿酸鈉',
      origin: '台灣',
      maker: '肌研舍股份有限公司 台北市大安區',
    });
  }, 300_000);

  it('lists the claims found with field and reason before saving: 返回修改 sends nothing, 仍要儲存 saves and shows the server warnings', async () => {
    const all: AdminProductRow[] = [productRow(6)];
    const { calls } = adminServer('owner', {
      'POST /api/admin/productslist': listHandler(() => all),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
      'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: PHRASES } }),
      'POST /api/admin/createOrUpdateProduct': () => ({
        json: { success: true, message: CATALOG_MSG.saved, product_id: 6, warnings: [{ field: 'description', phrase: '治療', reason: PHRASES[0].reason }] },
      }),
    });
    const user = setup();
    renderAdmin('/admin/products');
    const modal = await openProduct(6);
    const description = within(modal).getByLabelText('商品描述');
    await user.clear(description);
    await user.type(description, '有效治療乾燥');
    await user.type(within(modal).getByRole('textbox', { name: '注意事項' }), '保證１００％有效');

    await user.click(await saveButton(modal));
    let confirm = await dialog('內容含有可能違規的宣傳詞語');
    const items = within(within(confirm).getByRole('list', { name: '可能違規的詞語' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([`「治療」商品描述${PHRASES[0].reason}`, `「100% 有效」注意事項${PHRASES[1].reason}`]);
    await user.click(within(confirm).getByRole('button', { name: '返回修改' }));
    await waitFor(() => expect(openConfirms()).toHaveLength(0));
    expect(saves(calls)).toHaveLength(0);
    expect(screen.getByText('編輯商品 #6')).toBeInTheDocument();

    await user.click(await saveButton(modal));
    confirm = await dialog('內容含有可能違規的宣傳詞語');
    await user.click(within(confirm).getByRole('button', { name: '仍要儲存' }));
    await toast(CATALOG_MSG.saved);
    expect(await toast('已儲存，但內容含有可能違規的詞語：「治療」（商品描述）')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0]).toMatchObject({ description: '有效治療乾燥', cosmetics: expect.objectContaining({ warnings: '保證１００％有效' }) });
    // The phrase list was read once for the form (cached).
    expect(calls.filter((c) => c.path === '/api/admin/claim-phrases')).toHaveLength(1);
  }, 300_000);

  it('warns when a product without a registration number is listed from the list (not refused)', async () => {
    const all: AdminProductRow[] = [productRow(9, { is_active: 0, cosmetics: { ...EMPTY_COSMETICS } }), productRow(10, { is_active: 0 })];
    const { calls } = adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => all),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
      'PUT /api/admin/products/isActive': () => ({ json: { success: true, message: '更新成功' } }),
    });
    const user = setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('switch', { name: '上架「保濕商品9」' }));
    expect(await toast('已上架「保濕商品9」')).toBeInTheDocument();
    expect(await toast(`「保濕商品9」${COSMETICS_MSG.registrationMissing}`)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: '上架「保濕商品10」' }));
    expect(await toast('已上架「保濕商品10」')).toBeInTheDocument();
    expect(screen.queryByText(`「保濕商品10」${COSMETICS_MSG.registrationMissing}`)).toBeNull();
    expect(calls.filter((c) => c.path === '/api/admin/products/isActive').map((c) => c.body)).toEqual([
      { product_id: 9, is_active: 1 },
      { product_id: 10, is_active: 1 },
    ]);
  }, 120_000);

  it('fits a 390 px phone: the label fields stack in one column inside the full-screen form', async () => {
    adminServer('editor', {
      'POST /api/admin/productslist': listHandler(() => [productRow(8)]),
      'GET /api/admin/loadproducttypes': typesHandler(() => TYPES),
      'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: PHRASES } }),
    });
    renderAdmin('/admin/products', { width: 390 });
    await screen.findByText('保濕商品8');
    await setup().click(screen.getAllByRole('button', { name: /編輯/ })[0]);
    const modal = await dialog('編輯商品 #8');
    expect(within(modal).getByRole('textbox', { name: '化粧品產品登錄編號' })).toHaveValue('A8-0001');
    expect(within(modal).getByRole('textbox', { name: '化粧品產品登錄編號' }).closest('.ss-aprod-cosmetics')).not.toBeNull();
    expect(within(modal).queryByTestId('product-registration-warning')).toBeNull();
  }, 120_000);
});
