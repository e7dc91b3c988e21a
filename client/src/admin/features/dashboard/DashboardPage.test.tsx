import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, DashboardDay } from '@api/admin-dashboard';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const days = (amounts: number[]): DashboardDay[] =>
  amounts.map((amount, i) => ({ date: `2026-03-${String(i + 1).padStart(2, '0')}`, amount, orders: amount ? Math.ceil(amount / 1000) : 0 }));

const STATUSES = [
  { status_name: 'pending', status_label: '處理中', color: '#fa8c16' },
  { status_name: 'paid', status_label: '已付款', color: '#52c41a' },
  { status_name: 'processing', status_label: '備貨中', color: '#1677ff' },
  { status_name: 'shipped', status_label: '已出貨', color: '#13c2c2' },
  { status_name: 'cancelled', status_label: '已取消', color: '#8c8c8c' },
];

function dashboard(over: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    today: '2026-03-30',
    month: '2026-03',
    generatedAt: '2026-03-30T02:15:00.000Z',
    revenue: { today: { amount: 3280, orders: 3 }, month: { amount: 125400, orders: 87 } },
    daily: days(Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 0 : 2000 + i * 150))),
    statuses: STATUSES.map((s, i) => ({ ...s, count: [4, 6, 2, 30, 5][i] })),
    topProducts: [
      { product_id: 11, title: '玻尿酸保濕精華', quantity: 42, amount: 37800 },
      { product_id: 12, title: '溫和潔顏慕斯', quantity: 30, amount: 13500 },
    ],
    lowStock: {
      threshold: 5,
      total: 2,
      variants: [
        { product_id: 21, title: '舒緩修護霜', variant_id: 201, variant_name: '50ml', quantity: 0 },
        { product_id: 22, title: '亮白精華液', variant_id: 202, variant_name: '30ml', quantity: 3 },
      ],
    },
    ...over,
  };
}

describe('admin dashboard (issue 12, beyond the spec)', () => {
  beforeAll(() => preloadAdmin(['dashboard']), 60_000);

  it('shows the revenue cards, the chart, the statuses (links to the filtered orders), top products and low stock', async () => {
    adminServer('owner', { 'GET /api/admin/dashboard': () => ({ json: { success: true, dashboard: dashboard() } }) });
    renderAdmin('/admin/dashboard');
    // The first render loads the screen's chunk (recharts): a busy machine may take a while.
    expect(await screen.findByTestId('dash-today', {}, { timeout: 20_000 })).toHaveTextContent('NT$ 3,280');
    expect(screen.getByTestId('dash-today')).toHaveTextContent('3 筆已付款訂單');
    expect(screen.getByTestId('dash-month')).toHaveTextContent('NT$ 125,400');
    expect(screen.getByTestId('dash-month')).toHaveTextContent('87 筆已付款訂單');
    const total30 = dashboard().daily.reduce((s, d) => s + d.amount, 0);
    expect(screen.getByTestId('dash-30d')).toHaveTextContent(`NT$ ${total30.toLocaleString('zh-TW')}`);
    // Not shipped yet: pending + paid + processing.
    expect(screen.getByTestId('dash-open')).toHaveTextContent('12');
    expect(screen.getByRole('figure', { name: `近 30 天營收長條圖，合計 NT$ ${total30.toLocaleString('zh-TW')}` })).toBeInTheDocument();
    expect(screen.getByText('台北時間 2026-03-30・更新於 10:15')).toBeInTheDocument();

    const statuses = screen.getByRole('list', { name: '各狀態訂單數' });
    expect(within(statuses).getByRole('link', { name: '已出貨 30 筆' })).toHaveAttribute('href', '/admin/orders?range=all&status=shipped');
    expect(within(statuses).getAllByRole('link')).toHaveLength(5);

    const top = screen.getByTestId('dash-top');
    const first = within(top).getByRole('link', { name: '玻尿酸保濕精華' });
    expect(first).toHaveAttribute('href', `/admin/products?q=${encodeURIComponent('玻尿酸保濕精華')}`);
    expect(first.closest('tr')).toHaveTextContent('42');
    expect(first.closest('tr')).toHaveTextContent('NT$ 37,800');

    const low = screen.getByTestId('dash-low');
    expect(within(low).getByText('舒緩修護霜').closest('tr')).toHaveTextContent('缺貨');
    expect(within(low).getByText('亮白精華液').closest('tr')).toHaveTextContent('30ml');
  }, 40_000);

  it('links products only for a role that may open the product screen (staff sees plain titles)', async () => {
    adminServer('staff', { 'GET /api/admin/dashboard': () => ({ json: { success: true, dashboard: dashboard() } }) });
    renderAdmin('/admin/dashboard');
    const top = await screen.findByTestId('dash-top');
    expect(within(top).getByText('玻尿酸保濕精華')).toBeInTheDocument();
    expect(within(top).queryByRole('link')).toBeNull();
    expect(within(screen.getByTestId('dash-low')).queryByRole('link')).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    const empty = dashboard({
      revenue: { today: { amount: 0, orders: 0 }, month: { amount: 0, orders: 0 } },
      daily: days(Array.from({ length: 30 }, () => 0)),
      statuses: STATUSES.map((s) => ({ ...s, count: 0 })),
      topProducts: [],
      lowStock: { threshold: 5, total: 0, variants: [] },
    });
    adminServer('owner', { 'GET /api/admin/dashboard': () => ({ json: { success: true, dashboard: empty } }) });
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('近 30 天沒有已付款訂單')).toBeInTheDocument();
    expect(screen.getByText('目前沒有訂單')).toBeInTheDocument();
    expect(screen.getByText('本月尚無售出商品')).toBeInTheDocument();
    expect(screen.getByText('沒有庫存 5 件以下的規格')).toBeInTheDocument();
    expect(screen.getByTestId('dash-today')).toHaveTextContent('NT$ 0');
  });

  it('shows a failure with a retry, then the numbers', async () => {
    let fail = true;
    adminServer('staff', {
      'GET /api/admin/dashboard': () => (fail ? { status: 500, json: { success: false, message: '系統忙碌中，請稍後再試' } } : { json: { success: true, dashboard: dashboard() } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('系統忙碌中，請稍後再試')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByTestId('dash-month')).toHaveTextContent('NT$ 125,400');
  });

  it('fits a phone: the cards, chart and tables render at 390 px; says how many low variants are not listed', async () => {
    const many = dashboard();
    many.lowStock.total = 57;
    adminServer('owner', { 'GET /api/admin/dashboard': () => ({ json: { success: true, dashboard: many } }) });
    renderAdmin('/admin/dashboard', { width: 390 });
    expect(await screen.findByTestId('dash-today')).toHaveTextContent('NT$ 3,280');
    expect(screen.getByRole('figure')).toBeInTheDocument();
    expect(screen.getByTestId('dash-low')).toHaveTextContent('舒緩修護霜');
    expect(screen.getByText('共 57 個規格庫存偏低，僅列出最少的 2 個')).toBeInTheDocument();
  });
});
