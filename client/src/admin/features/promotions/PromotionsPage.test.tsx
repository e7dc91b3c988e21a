import type { AdminPromotion } from '@api/promotions';
import { PROMOTION_MSG } from '@rules/promotion-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { catalogHandlers, findDrawer, listHandler, promo, toast } from './testPromotions';

const ROWS: AdminPromotion[] = [
  promo(1, { name: '滿千折百', status: 'running', used_count: 12, usage_limit: 100 }),
  promo(2, { name: '全館 9 折', kind: 'percent_off', tiers: [], percent: 10, max_discount: 300, status: 'upcoming' }),
  promo(3, { name: '任選 3 件 NT$ 999', kind: 'bundle_price', tiers: [], bundle_quantity: 3, bundle_price: 999, status: 'ended' }),
  promo(4, { name: '新客折百', coupon_mode: 'shared', shared_code: 'WELCOME100', status: 'disabled', is_active: 0 }),
  promo(5, { name: '會員專屬碼', coupon_mode: 'unique', status: 'running', codes_total: 50, codes_used: 3 }),
];

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const listCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/promotions');
const rowOf = async (name: string) => (await screen.findByText(name, { selector: '.ss-promo-name' })).closest('tr')!;

describe('admin promotions list (spec 4 §2, §6, §7)', () => {
  beforeAll(() => preloadAdmin(['promotions']), 60_000);

  it('lists the promotions with kind, Taipei period, status and uses; status filter and keyword go to the request', async () => {
    const urls: URL[] = [];
    const rows = () => ROWS;
    adminServer('staff', {
      'GET /api/admin/promotions': (b, url) => {
        urls.push(url);
        return listHandler(rows)(b, url);
      },
    });
    const u = user();
    const { router } = renderAdmin('/admin/promotions');
    const first = await rowOf('滿千折百');
    expect(within(first).getByText('滿額折')).toBeInTheDocument();
    expect(within(first).getByText('2026-12-01 00:00 ～ 2026-12-31 23:59')).toBeInTheDocument();
    expect(within(first).getByText('進行中')).toBeInTheDocument();
    expect(within(first).getByText('12 / 100')).toBeInTheDocument();
    expect(within(await rowOf('全館 9 折')).getByText('折扣')).toBeInTheDocument();
    expect(within(await rowOf('任選 3 件 NT$ 999')).getByText('任選組合價')).toBeInTheDocument();
    const shared = await rowOf('新客折百');
    expect(within(shared).getByText('已停用')).toBeInTheDocument();
    expect(within(shared).getByText('折扣碼 WELCOME100')).toBeInTheDocument();
    expect(within(shared).getByRole('switch', { name: '啟用「新客折百」' })).not.toBeChecked();
    expect(screen.getByText('共 5 筆')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '行銷活動' })).toBeInTheDocument();

    await u.click(screen.getByText('進行中', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=running'));
    await waitFor(() => expect(screen.queryByText('全館 9 折')).toBeNull());
    expect(screen.getByText('會員專屬碼')).toBeInTheDocument();

    await u.type(screen.getByRole('searchbox', { name: '搜尋行銷活動' }), '會員{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E6%9C%83%E5%93%A1&status=running'));
    await waitFor(() => expect(screen.queryByText('滿千折百')).toBeNull());

    await u.click(screen.getByText('全部', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E6%9C%83%E5%93%A1'));
    const params = urls.map((url) => Object.fromEntries(url.searchParams));
    expect(params).toEqual([
      { limit: '20', offset: '0' },
      { limit: '20', offset: '0', status: 'running' },
      { limit: '20', offset: '0', keyword: '會員', status: 'running' },
      { limit: '20', offset: '0', keyword: '會員' },
    ]);
  }, 40_000);

  it('pages by 20 and says so when nothing matches', async () => {
    const many = Array.from({ length: 25 }, (_, i) => promo(100 - i, { name: `活動 ${100 - i}` }));
    const { calls } = adminServer('owner', { 'GET /api/admin/promotions': listHandler(() => many) });
    const u = user();
    renderAdmin('/admin/promotions?status=ended');
    expect(await screen.findByText('目前沒有行銷活動')).toBeInTheDocument();
    await u.click(screen.getByText('全部', { selector: '.ant-segmented-item-label' }));
    await rowOf('活動 100');
    await u.click(screen.getByTitle('2'));
    await rowOf('活動 80');
    expect(listCalls(calls)).toHaveLength(3);
  }, 40_000);

  it('switches a promotion on and off at once (PUT isActive) and reloads the list', async () => {
    const rows = ROWS.map((r) => ({ ...r }));
    const bodies: unknown[] = [];
    adminServer('staff', {
      'GET /api/admin/promotions': listHandler(() => rows),
      'PUT /api/admin/promotions/4/isActive': (b) => {
        bodies.push(b);
        Object.assign(rows[3], { is_active: 1, status: 'running' });
        return { json: { success: true, message: PROMOTION_MSG.updated } };
      },
    });
    const u = user();
    renderAdmin('/admin/promotions');
    const row = await rowOf('新客折百');
    await u.click(within(row).getByRole('switch', { name: '啟用「新客折百」' }));
    expect(await toast(PROMOTION_MSG.updated)).toBeInTheDocument();
    expect(bodies).toEqual([{ is_active: 1 }]);
    await waitFor(async () => expect(within(await rowOf('新客折百')).getByText('進行中')).toBeInTheDocument());
  }, 40_000);

  it('asks before deleting, and shows the refusal of a promotion with orders', async () => {
    const rows = ROWS.map((r) => ({ ...r }));
    const { calls } = adminServer('staff', {
      'GET /api/admin/promotions': listHandler(() => rows),
      'DELETE /api/admin/promotions/1': () => ({ status: 409, json: { success: false, message: PROMOTION_MSG.hasOrders } }),
      'DELETE /api/admin/promotions/2': () => {
        rows.splice(1, 1);
        return { json: { success: true, message: PROMOTION_MSG.deleted } };
      },
    });
    const u = user();
    renderAdmin('/admin/promotions');
    await u.click(within(await rowOf('滿千折百')).getByRole('button', { name: '刪除「滿千折百」' }));
    const confirm = await screen.findByText('刪除「滿千折百」？');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /刪\s*除/ }));
    expect(await toast(PROMOTION_MSG.hasOrders)).toBeInTheDocument();
    expect(screen.getByText('滿千折百', { selector: '.ss-promo-name' })).toBeInTheDocument();

    await u.click(within(await rowOf('全館 9 折')).getByRole('button', { name: '刪除「全館 9 折」' }));
    const second = await screen.findByText('刪除「全館 9 折」？');
    await u.click(within(second.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /刪\s*除/ }));
    expect(await toast(PROMOTION_MSG.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('全館 9 折', { selector: '.ss-promo-name' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/promotions/1', '/api/admin/promotions/2']);
  }, 40_000);

  it('copies a promotion and opens the copy to edit', async () => {
    const rows = ROWS.map((r) => ({ ...r }));
    const copy = promo(9, { name: '滿千折百 (複製)', is_active: 0, status: 'disabled' });
    adminServer('staff', {
      ...catalogHandlers(),
      'GET /api/admin/promotions': listHandler(() => rows),
      'POST /api/admin/promotions/1/duplicate': () => {
        rows.unshift(copy);
        return { json: { success: true, message: PROMOTION_MSG.duplicated, id: 9 } };
      },
      'GET /api/admin/promotions/9': () => ({ json: { success: true, promotion: copy } }),
    });
    const u = user();
    renderAdmin('/admin/promotions');
    await u.click(within(await rowOf('滿千折百')).getByRole('button', { name: '複製「滿千折百」' }));
    expect(await toast(PROMOTION_MSG.duplicated)).toBeInTheDocument();
    const drawer = await findDrawer('編輯活動 #9');
    await waitFor(() => expect(within(drawer).getByLabelText('活動名稱')).toHaveValue('滿千折百 (複製)'));
    expect(within(drawer).getByRole('switch', { name: '啟用' })).not.toBeChecked();
  }, 40_000);

  it('gives an editor the list and reports only: no writes, no codes', async () => {
    const { calls } = adminServer('editor', {
      ...catalogHandlers(),
      'GET /api/admin/promotions': listHandler(() => ROWS.map((r) => (r.coupon_mode === 'shared' ? { ...r, shared_code: null } : r))),
      'GET /api/admin/promotions/4': () => ({ json: { success: true, promotion: { ...ROWS[3], shared_code: null } } }),
    });
    const u = user();
    renderAdmin('/admin/promotions');
    const row = await rowOf('會員專屬碼');
    expect(screen.queryByRole('button', { name: /新增活動/ })).toBeNull();
    for (const label of ['編輯', '複製', '刪除']) expect(within(row).queryByRole('button', { name: `${label}「會員專屬碼」` })).toBeNull();
    expect(within(row).queryByRole('button', { name: '「會員專屬碼」的折扣碼' })).toBeNull();
    expect(within(row).getByRole('button', { name: '「會員專屬碼」的報表' })).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '啟用「會員專屬碼」' })).toBeDisabled();
    expect(screen.queryByText(/WELCOME100/)).toBeNull();
    expect(screen.getByText('您的角色僅能檢視行銷活動。')).toBeInTheDocument();

    await u.click(within(await rowOf('新客折百')).getByRole('button', { name: '檢視「新客折百」' }));
    const drawer = await findDrawer('檢視活動 #4');
    await waitFor(() => expect(within(drawer).getByLabelText('活動名稱')).toHaveValue('新客折百'));
    expect(within(drawer).getByLabelText('活動名稱')).toBeDisabled();
    expect(within(drawer).queryByLabelText('折扣碼')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /儲\s*存/ })).toBeNull();
    expect(calls.some((c) => c.method !== 'GET' && c.path.startsWith('/api/admin/promotions'))).toBe(false);
    expect(calls.some((c) => c.path.includes('/codes'))).toBe(false);
  }, 40_000);

  it('fits 1440 px without sliding sideways, and a phone gets one card per promotion (no sideways scroll at 390 px)', async () => {
    adminServer('staff', { 'GET /api/admin/promotions': listHandler(() => ROWS) });
    const first = renderAdmin('/admin/promotions', { width: 1440 });
    await rowOf('滿千折百');
    expect(screen.getByRole('table').style.width).toBe('');
    first.unmount();

    renderAdmin('/admin/promotions', { width: 390 });
    const list = await screen.findByRole('list', { name: '行銷活動列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(ROWS.length);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByText('新客折百', { selector: '.ss-promo-name' }).closest('li')!;
    expect(within(card).getByText('已停用')).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: '啟用「新客折百」' })).not.toBeChecked();
    expect(within(card).getByRole('button', { name: '編輯「新客折百」' })).toBeInTheDocument();
  }, 40_000);
});
