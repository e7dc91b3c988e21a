import type { AdminPromotion } from '@api/promotions';
import { PROMOTION_MSG } from '@rules/promotion-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { catalogHandlers, findDrawer, listHandler, openDrawers, promo, toast } from './testPromotions';

type Calls = { method: string; path: string; body: unknown }[];
const writes = (calls: Calls) => calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/admin/promotions'));
const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Picks `option` of the select labelled `label` in `root`. */
async function choose(u: ReturnType<typeof user>, root: HTMLElement, label: string, option: string) {
  await u.click(within(root).getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const el = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((o) => o.getAttribute('title') === option);
    expect(el).toBeTruthy();
    return el!;
  });
  await u.click(found);
}

async function openNew(u: ReturnType<typeof user>) {
  await u.click(await screen.findByRole('button', { name: /新增活動/ }));
  return findDrawer('新增活動');
}

const explain = (el: HTMLElement) => el.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
const fieldError = (root: HTMLElement, label: string) => explain(within(root).getByLabelText(label));

describe('admin promotion form (spec 4 §3, §5, §8)', () => {
  beforeAll(() => preloadAdmin(['promotions']), 60_000);

  it('shows the fields of each kind', async () => {
    adminServer('staff', { ...catalogHandlers(), 'GET /api/admin/promotions': listHandler(() => []) });
    const u = user();
    renderAdmin('/admin/promotions');
    const d = await openNew(u);
    expect(within(d).getByText('請先選擇活動類型。')).toBeInTheDocument();

    await choose(u, d, '活動類型', '滿額折');
    expect(within(d).getByLabelText('級距 1 門檻')).toBeInTheDocument();
    expect(within(d).getByLabelText('級距 1 折抵金額')).toBeInTheDocument();
    await u.click(within(d).getByRole('button', { name: /新增級距/ }));
    expect(within(d).getByLabelText('級距 2 門檻')).toBeInTheDocument();
    await u.click(within(d).getByRole('button', { name: '移除級距 2' }));
    await waitFor(() => expect(within(d).queryByLabelText('級距 2 門檻')).toBeNull());

    await choose(u, d, '活動類型', '折扣');
    expect(within(d).queryByLabelText('級距 1 門檻')).toBeNull();
    expect(within(d).getByLabelText('折扣百分比')).toBeInTheDocument();
    expect(within(d).getByLabelText('折抵上限')).toBeInTheDocument();

    await choose(u, d, '活動類型', '任選組合價');
    expect(within(d).getByLabelText('任選件數')).toBeInTheDocument();
    expect(within(d).getByLabelText('組合價')).toBeInTheDocument();
    expect(within(d).queryByLabelText('折扣百分比')).toBeNull();

    await choose(u, d, '活動類型', '滿額贈');
    expect(within(d).getByRole('combobox', { name: '贈品' })).toBeInTheDocument();
    expect(within(d).getByLabelText('贈品數量')).toBeInTheDocument();

    await choose(u, d, '活動類型', '加價購');
    expect(within(d).getByText('尚未加入加價購商品')).toBeInTheDocument();
    await u.click(within(d).getByRole('button', { name: /新增加價購商品/ }));
    expect(within(d).getByRole('combobox', { name: '加價購商品 1' })).toBeInTheDocument();
    expect(within(d).getByLabelText('加價購商品 1 價格')).toBeInTheDocument();
    expect(within(d).getByLabelText('加價購商品 1 每筆限購')).toHaveValue('1');

    await choose(u, d, '活動類型', '免運');
    expect(within(d).getByText('符合條件的訂單免運費，無其他設定。')).toBeInTheDocument();
    expect(within(d).queryByRole('combobox', { name: '加價購商品 1' })).toBeNull();

    // Scope and coupon mode bring their own fields.
    expect(within(d).getByRole('combobox', { name: '排除商品' })).toBeInTheDocument();
    await u.click(within(d).getByRole('radio', { name: '指定分類' }));
    expect(within(d).getByRole('combobox', { name: '指定分類' })).toBeInTheDocument();
    await u.click(within(d).getByRole('radio', { name: '指定商品' }));
    expect(within(d).getByRole('combobox', { name: '指定商品' })).toBeInTheDocument();
    expect(within(d).queryByRole('combobox', { name: '排除商品' })).toBeNull();
    expect(within(d).queryByLabelText('折扣碼')).toBeNull();
    await u.click(within(d).getByRole('radio', { name: '通用折扣碼' }));
    expect(within(d).getByLabelText('折扣碼')).toBeInTheDocument();
  }, 60_000);

  it('checks every rule at once with the server\'s messages and sends nothing until they pass; then creates it with Taipei times', async () => {
    const { calls } = adminServer('staff', {
      ...catalogHandlers(),
      'GET /api/admin/promotions': listHandler(() => []),
      'POST /api/admin/promotions': () => ({ json: { success: true, message: PROMOTION_MSG.saved, id: 7 } }),
    });
    const u = user();
    renderAdmin('/admin/promotions');
    const d = await openNew(u);
    await u.click(within(d).getByRole('button', { name: /^新\s*增$/ }));
    expect(await within(d).findByRole('alert')).toHaveTextContent(PROMOTION_MSG.checkFields);
    expect(fieldError(d, '活動名稱')).toBe(PROMOTION_MSG.name);
    expect(explain(within(d).getByRole('combobox', { name: '活動類型' }))).toBe(PROMOTION_MSG.kind);

    await u.type(within(d).getByLabelText('活動名稱'), '滿千折百');
    await choose(u, d, '活動類型', '滿額折');
    await u.type(within(d).getByLabelText('級距 1 門檻'), '1000');
    await u.type(within(d).getByLabelText('級距 1 折抵金額'), '1000');
    await u.type(within(d).getByRole('textbox', { name: '開始時間' }), '2026-12-31 00:00{Enter}');
    await u.type(within(d).getByRole('textbox', { name: '結束時間' }), '2026-12-01 00:00{Enter}');
    await u.click(within(d).getByRole('radio', { name: '通用折扣碼' }));
    await u.type(within(d).getByLabelText('折扣碼'), 'ab');
    await u.click(within(d).getByRole('button', { name: /^新\s*增$/ }));
    await waitFor(() => expect(fieldError(d, '級距 1 折抵金額')).toBe(PROMOTION_MSG.tiers));
    expect(fieldError(d, '結束時間')).toBe(PROMOTION_MSG.endsAfterStarts);
    expect(fieldError(d, '折扣碼')).toBe(PROMOTION_MSG.codeFormat);
    await waitFor(() => expect(within(d).queryByText(PROMOTION_MSG.name)).toBeNull());
    expect(writes(calls)).toHaveLength(0);

    await u.clear(within(d).getByLabelText('級距 1 折抵金額'));
    await u.type(within(d).getByLabelText('級距 1 折抵金額'), '100');
    await u.click(within(d).getByRole('button', { name: /新增級距/ }));
    await u.type(within(d).getByLabelText('級距 2 門檻'), '2000');
    await u.type(within(d).getByLabelText('級距 2 折抵金額'), '250');
    await u.clear(within(d).getByRole('textbox', { name: '結束時間' }));
    await u.type(within(d).getByRole('textbox', { name: '結束時間' }), '2027-01-31 23:59{Enter}');
    await u.type(within(d).getByLabelText('折扣碼'), 'cd-2026');
    await u.type(within(d).getByLabelText('每位會員使用次數'), '1');
    await u.click(within(d).getByRole('switch', { name: '限首次購物' }));
    await u.click(within(d).getByRole('button', { name: /^新\s*增$/ }));
    expect(await toast(PROMOTION_MSG.saved)).toBeInTheDocument();
    await waitFor(() => expect(openDrawers('新增活動')).toHaveLength(0));
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/api/admin/promotions',
        {
          name: '滿千折百',
          description: '',
          kind: 'amount_off',
          starts_at: '2026-12-31T00:00:00+08:00',
          ends_at: '2027-01-31T23:59:00+08:00',
          is_active: 1,
          stackable: 0,
          priority: 0,
          member_only: 0,
          first_order_only: 1,
          tier_ids: [],
          scope: 'all',
          product_ids: [],
          category_ids: [],
          exclude_product_ids: [],
          min_subtotal: null,
          min_quantity: null,
          tiers: [
            { threshold: 1000, value: 100 },
            { threshold: 2000, value: 250 },
          ],
          percent: null,
          max_discount: null,
          bundle_quantity: null,
          bundle_price: null,
          gift_variant_id: null,
          gift_stock: null,
          addon_items: [],
          coupon_mode: 'shared',
          shared_code: 'ABCD-2026',
          usage_limit: null,
          per_member_limit: 1,
        },
      ],
    ]);
  }, 60_000);

  it('edits a gift promotion with its saved values (Taipei times), and marks the fields the server refuses', async () => {
    const saved: AdminPromotion = promo(4, {
      name: '滿 1500 送旅行組',
      kind: 'gift',
      tiers: [],
      starts_at: '2026-11-30T16:00:00.000Z',
      ends_at: null,
      min_subtotal: 1500,
      gift_variant_id: 1101,
      gift_stock: 50,
      coupon_mode: 'shared',
      shared_code: 'GIFT1500',
      status: 'running',
    });
    const { calls } = adminServer('owner', {
      ...catalogHandlers(),
      'GET /api/admin/promotions': listHandler(() => [saved]),
      'GET /api/admin/promotions/4': () => ({ json: { success: true, promotion: saved } }),
      'PUT /api/admin/promotions/4': () => ({
        status: 400,
        json: { success: false, message: PROMOTION_MSG.checkFields, errors: [{ field: 'shared_code', message: PROMOTION_MSG.codeTaken }, { field: 'tier_ids', message: PROMOTION_MSG.tierIds }] },
      }),
    });
    const u = user();
    renderAdmin('/admin/promotions');
    await u.click(await screen.findByRole('button', { name: '編輯「滿 1500 送旅行組」' }));
    const d = await findDrawer('編輯活動 #4');
    await waitFor(() => expect(within(d).getByLabelText('活動名稱')).toHaveValue('滿 1500 送旅行組'));
    expect(within(d).getByRole('textbox', { name: '開始時間' })).toHaveValue('2026-12-01 00:00');
    expect(within(d).getByRole('textbox', { name: '結束時間' })).toHaveValue('');
    // The kind's own fields follow the loaded kind on the next render.
    expect(await within(d).findByLabelText('贈品數量')).toHaveValue('50');
    expect(within(d).getByLabelText('最低消費')).toHaveValue('1500');
    expect(within(d).getByLabelText('折扣碼')).toHaveValue('GIFT1500');
    await waitFor(() => expect(within(d).getByTitle('玻尿酸精華｜旅行組（NT$ 450）')).toBeInTheDocument());

    await u.click(within(d).getByRole('button', { name: /儲\s*存/ }));
    const alert = await within(d).findByRole('alert');
    expect(alert).toHaveTextContent(PROMOTION_MSG.checkFields);
    // A field the form does not show is named in the banner.
    expect(alert).toHaveTextContent(PROMOTION_MSG.tierIds);
    await waitFor(() => expect(fieldError(d, '折扣碼')).toBe(PROMOTION_MSG.codeTaken));
    expect(openDrawers('編輯活動 #4')).toHaveLength(1);
    const put = writes(calls)[0].body as Record<string, unknown>;
    expect(put).toMatchObject({ kind: 'gift', starts_at: '2026-12-01T00:00:00+08:00', ends_at: null, gift_variant_id: 1101, gift_stock: 50, min_subtotal: 1500, tiers: [] });

    await u.keyboard('{Escape}');
    await waitFor(() => expect(openDrawers('編輯活動 #4')).toHaveLength(0));
  }, 60_000);
});
