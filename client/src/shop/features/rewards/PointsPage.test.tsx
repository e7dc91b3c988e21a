import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import PointsPage from './PointsPage';
import { pointsAnswer, pointsEntry } from './testPoints';

const routes = [
  { path: '/points', element: <PointsPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/paymentSlip', element: <p>slip page</p> },
  { path: '/products', element: <p>products page</p> },
];
const asMember = { preloaded: loggedInAs(member()) };

function server(answer: (page: number, limit: number) => { status?: number; json: unknown }) {
  return mockApi({
    'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
    'GET /api/member/points': (_b, url) => answer(Number(url.searchParams.get('page')), Number(url.searchParams.get('limit'))),
  });
}

describe('PointsPage /points (spec 4 §2, §7)', { timeout: 30_000 }, () => {
  it('sends a visitor to /login with the way back saved', async () => {
    const { calls } = mockApi({ 'GET /api/login/getuser': () => ({ status: 401, json: { success: false } }) });
    const { store } = renderRoutes(routes, { path: '/points' });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(store.getState().session.redirectPath).toBe('/points');
    expect(calls.some((c) => c.path === '/api/member/points')).toBe(false);
  });

  it('shows the balance, pending, expiring points, the tier with its progress and the history', async () => {
    server(() => ({
      json: pointsAnswer({
        entries: [
          pointsEntry({ id: 3, kind: 'earn', kind_label: '消費回饋', amount: 80, available_at: null, balance_after: null, order_no: 'SS3' }),
          pointsEntry({ id: 2, kind: 'redeem', kind_label: '折抵訂單', amount: -50, order_no: 'SS2', expires_at: null }),
          pointsEntry({ id: 1, kind: 'adjust', kind_label: '調整', amount: 100, order_id: null, order_no: null, note: '客服補償' }),
        ],
        total: 3,
      }),
    }));
    renderRoutes(routes, { path: '/points', ...asMember });
    expect(await screen.findByTestId('points-balance')).toHaveTextContent('620');
    expect(screen.getByTestId('points-pending')).toHaveTextContent('80 點');
    expect(screen.getByTestId('points-expiring')).toHaveTextContent('50 點將於 2026-12-31 到期');
    expect(screen.getByTestId('points-tier-text')).toHaveTextContent('再消費 NT$ 3,200 升級金卡會員');
    expect(screen.getByRole('progressbar', { name: '升級金卡會員進度' })).toHaveAttribute('aria-valuenow', '68');

    const rows = screen.getAllByTestId('points-entry');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('待入帳')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('points-amount')).toHaveTextContent('+80');
    expect(within(rows[0]).getByTestId('points-amount')).toHaveClass('is-plus');
    expect(within(rows[1]).getByText('折抵訂單')).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('points-amount')).toHaveTextContent('−50');
    expect(within(rows[1]).getByTestId('points-amount')).toHaveClass('is-minus');
    expect(within(rows[1]).queryByText('待入帳')).not.toBeInTheDocument();
    expect(within(rows[2]).getByText('客服補償')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: '訂單 SS2' })).toHaveAttribute('href', '/paymentSlip?MerTradeNo=SS2');
  });

  it('at the top tier says so with a full bar; no expiring points shows 無', async () => {
    server(() => ({
      json: pointsAnswer({
        expiring: { amount: 0, date: null },
        tier: { name: '鑽石會員', earn_rate: 3, discount_percent: 10, spend: 42000, next: null, missing: 0, text: '' },
      }),
    }));
    renderRoutes(routes, { path: '/points', ...asMember });
    expect(await screen.findByTestId('points-tier-text')).toHaveTextContent('您已是最高等級會員');
    expect(screen.getByTestId('points-tier')).toHaveTextContent('會員享 9 折');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('points-expiring')).toHaveTextContent('無');
  });

  it('pages the history by 20', async () => {
    const { calls } = server((page, limit) => ({
      json: pointsAnswer({
        entries: Array.from({ length: page === 1 ? limit : 5 }, (_, i) => pointsEntry({ id: page * 100 + i, note: `第 ${page} 頁 ${i}` })),
        total: 25,
      }),
    }));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/points', ...asMember });
    expect(await screen.findAllByTestId('points-entry')).toHaveLength(20);
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('第 2 頁 0')).toBeInTheDocument();
    expect(screen.getAllByTestId('points-entry')).toHaveLength(5);
    const asked = calls.filter((c) => c.path === '/api/member/points');
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('an empty history says so and links to the products', async () => {
    server(() => ({ json: pointsAnswer({ balance: 0, pending: 0, entries: [], total: 0 }) }));
    renderRoutes(routes, { path: '/points', ...asMember });
    expect(await screen.findByTestId('points-empty')).toHaveTextContent('目前還沒有購物金紀錄');
    expect(screen.getByRole('link', { name: '去逛逛' })).toHaveAttribute('href', '/products');
  });

  it('a failed read offers 重新載入, which asks again', async () => {
    let fail = true;
    server(() => (fail ? { status: 500, json: { success: false } } : { json: pointsAnswer() }));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/points', ...asMember });
    expect(await screen.findByTestId('load-error')).toHaveTextContent('購物金載入失敗，請稍後再試。');
    fail = false;
    await user.click(screen.getByRole('button', { name: '重新載入' }));
    expect(await screen.findByTestId('points-balance')).toHaveTextContent('620');
  });
});
