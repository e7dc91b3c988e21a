import type { AdminCouponCode } from '@api/promotions';
import { PROMOTION_MSG } from '@rules/promotion-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { findDrawer, listHandler, openDrawers, promo, toast } from './testPromotions';

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const code = (id: number, extra: Partial<AdminCouponCode> = {}): AdminCouponCode => ({
  id,
  code: `VIP-${String(id).padStart(6, '0')}`,
  used: false,
  order_id: null,
  mer_trade_no: null,
  used_at: null,
  ...extra,
});

describe('admin promotion codes and report (spec 4 §3, §7, §9)', () => {
  beforeAll(() => preloadAdmin(['promotions']), 60_000);

  it('generates unique codes (count 1–10,000, prefix), lists them paged with their order, and links the CSV', async () => {
    const row = promo(5, { name: '會員專屬碼', coupon_mode: 'unique', status: 'running', codes_total: 25, codes_used: 1 });
    const codes = Array.from({ length: 25 }, (_, i) => code(i + 1, i === 0 ? { used: true, order_id: 88, mer_trade_no: 'SS20261201001', used_at: '2026-12-01T04:30:00.000Z' } : {}));
    const generated: unknown[] = [];
    const { calls } = adminServer('staff', {
      'GET /api/admin/promotions': listHandler(() => [row]),
      'GET /api/admin/promotions/5/codes': (_b, url) => {
        const limit = Number(url.searchParams.get('limit'));
        const offset = Number(url.searchParams.get('offset'));
        return { json: { success: true, codes: codes.slice(offset, offset + limit), total: codes.length } };
      },
      'POST /api/admin/promotions/5/codes': (b) => {
        generated.push(b);
        return { json: { success: true, message: PROMOTION_MSG.codesCreated(500), created: 500 } };
      },
    });
    const u = user();
    renderAdmin('/admin/promotions');
    await u.click(await screen.findByRole('button', { name: '「會員專屬碼」的折扣碼' }));
    const d = await findDrawer('折扣碼：會員專屬碼');
    const used = (await within(d).findByText('VIP-000001')).closest('tr')!;
    expect(within(used).getByText('已使用')).toBeInTheDocument();
    expect(within(used).getByText('SS20261201001')).toBeInTheDocument();
    expect(within(used).getByText('2026-12-01 12:30')).toBeInTheDocument();
    expect(within(within(d).getByText('VIP-000002').closest('tr')!).getByText('未使用')).toBeInTheDocument();
    expect(within(d).getByText('共 25 組，已使用 1 組')).toBeInTheDocument();
    const csv = within(d).getByRole('link', { name: /下載 CSV/ });
    expect(csv).toHaveAttribute('href', '/api/admin/promotions/5/codes.csv');
    expect(csv).toHaveAttribute('download');

    await u.click(within(d).getByTitle('2'));
    expect(await within(d).findByText('VIP-000021')).toBeInTheDocument();

    // A prefix with other characters is refused before anything is sent.
    const count = within(d).getByLabelText('產生數量');
    await u.clear(count);
    await u.type(count, '500');
    await u.type(within(d).getByLabelText('折扣碼前綴'), 'vip_');
    await u.click(within(d).getByRole('button', { name: /產\s*生/ }));
    expect(await within(d).findByText(PROMOTION_MSG.codesPrefix)).toBeInTheDocument();
    expect(generated).toHaveLength(0);

    await u.clear(within(d).getByLabelText('折扣碼前綴'));
    await u.type(within(d).getByLabelText('折扣碼前綴'), 'vip-');
    await u.click(within(d).getByRole('button', { name: /產\s*生/ }));
    expect(await toast(PROMOTION_MSG.codesCreated(500))).toBeInTheDocument();
    expect(generated).toEqual([{ count: 500, prefix: 'VIP-' }]);
    // Back to the first page of the (reloaded) list.
    expect(await within(d).findByText('VIP-000001')).toBeInTheDocument();
    const pages = calls.filter((c) => c.path === '/api/admin/promotions/5/codes' && c.method === 'GET');
    expect(pages.length).toBeGreaterThanOrEqual(3);

    await u.keyboard('{Escape}');
    await waitFor(() => expect(openDrawers('折扣碼：會員專屬碼')).toHaveLength(0));
  }, 60_000);

  it('shows what a promotion earned: four figures, the chart and the days; an empty report says so', async () => {
    const rows = [promo(1, { name: '滿千折百', status: 'running' }), promo(2, { name: '新活動', status: 'upcoming' })];
    adminServer('editor', {
      'GET /api/admin/promotions': listHandler(() => rows),
      'GET /api/admin/promotions/1/report': () => ({
        json: {
          success: true,
          orders: 3,
          discountTotal: 300,
          revenue: 4200,
          codesUsed: 0,
          byDay: [
            { date: '2026-12-01', orders: 2, discountTotal: 200, revenue: 2900 },
            { date: '2026-12-02', orders: 1, discountTotal: 100, revenue: 1300 },
          ],
        },
      }),
      'GET /api/admin/promotions/2/report': () => ({ json: { success: true, orders: 0, discountTotal: 0, revenue: 0, codesUsed: 0, byDay: [] } }),
    });
    const u = user();
    renderAdmin('/admin/promotions');
    await u.click(await screen.findByRole('button', { name: '「滿千折百」的報表' }));
    const d = await findDrawer('活動報表：滿千折百');
    expect(await within(d).findByTestId('report-orders')).toHaveTextContent('訂單數3');
    expect(within(d).getByTestId('report-discount')).toHaveTextContent('折扣總額NT$ 300');
    expect(within(d).getByTestId('report-revenue')).toHaveTextContent('營收NT$ 4,200');
    expect(within(d).getByTestId('report-codes')).toHaveTextContent('已使用折扣碼0');
    expect(await within(d).findByRole('figure', { name: '每日營收與折扣圖，共 2 天，營收合計 NT$ 4,200' }, { timeout: 20_000 })).toBeInTheDocument();
    const day = within(d).getByText('2026-12-01', { selector: 'td' }).closest('tr')!;
    expect(within(day).getByText('NT$ 2,900')).toBeInTheDocument();
    expect(within(day).getByText('NT$ 200')).toBeInTheDocument();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(openDrawers('活動報表：滿千折百')).toHaveLength(0));

    await u.click(screen.getByRole('button', { name: '「新活動」的報表' }));
    const empty = await findDrawer('活動報表：新活動');
    expect(await within(empty).findByText('尚無訂單使用此活動')).toBeInTheDocument();
    expect(within(empty).queryByRole('figure')).toBeNull();
  }, 60_000);
});
