import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AllowanceConsentView } from '@api/invoice-allowances';
import { mockApi, renderRoutes } from '../../../test/render';
import AllowanceConsentPage from './AllowanceConsentPage';

const TOKEN = 'a'.repeat(40) + 'B_-';
const PATH = `/api/invoice-allowances/${TOKEN}`;
const routes = [
  { path: '/allowance/:token', element: <AllowanceConsentPage /> },
  { path: '/orders', element: <p>orders page</p> },
];

const view = (over: Partial<AllowanceConsentView> = {}): AllowanceConsentView => ({
  order_no: '#42',
  amount: 360,
  status: 'awaiting-consent',
  consented_at: null,
  lines: [
    { description: '玫瑰保濕精華（30ml）', quantity: 1, amount: 300 },
    { description: '運費', quantity: 1, amount: 60 },
  ],
  ...over,
});

describe('AllowanceConsentPage (/allowance/:token, issue 19 §4)', () => {
  it('shows the order number, amount and lines, and 同意電子折讓 stores the consent (no login)', async () => {
    let current = view();
    const { calls } = mockApi({
      'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
      [`GET ${PATH}`]: () => ({ json: { success: true, allowance: current } }),
      [`POST ${PATH}`]: () => {
        current = view({ status: 'pending', consented_at: '2026-11-24T07:00:00.000Z' });
        return { json: { success: true, message: '已同意電子折讓，我們將為您開立折讓單', allowance: current } };
      },
    });
    renderRoutes(routes, { path: `/allowance/${TOKEN}` });
    expect(await screen.findByTestId('allowance-order')).toHaveTextContent('#42');
    expect(screen.getByTestId('allowance-amount')).toHaveTextContent('NT$ 360');
    expect(screen.getByTestId('allowance-status')).toHaveTextContent('待您同意');
    const lines = screen.getAllByTestId('allowance-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('玫瑰保濕精華（30ml）');
    expect(lines[1]).toHaveTextContent('NT$ 60');

    await userEvent.click(screen.getByRole('button', { name: '同意電子折讓' }));
    expect(await screen.findByTestId('allowance-notice')).toHaveTextContent('已同意電子折讓，我們將為您開立折讓單');
    await waitFor(() => expect(screen.getByTestId('allowance-status')).toHaveTextContent('已同意，折讓單開立中'));
    expect(screen.getByTestId('allowance-consented-at')).toHaveTextContent('2026/11/24');
    expect(screen.queryByRole('button', { name: '同意電子折讓' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path === PATH)).toHaveLength(1);
  });

  it('an agreed allowance shows no button', async () => {
    mockApi({ [`GET ${PATH}`]: () => ({ json: { success: true, allowance: view({ status: 'issued', consented_at: '2026-11-24T07:00:00.000Z' }) } }) });
    renderRoutes(routes, { path: `/allowance/${TOKEN}` });
    expect(await screen.findByTestId('allowance-status')).toHaveTextContent('已同意，折讓單已開立');
    expect(screen.queryByRole('button', { name: '同意電子折讓' })).toBeNull();
  });

  it("the server's refusal is shown in zh-TW; a malformed link asks the server nothing", async () => {
    mockApi({ [`GET ${PATH}`]: () => ({ status: 404, json: { success: false, message: '找不到這筆電子折讓，請確認連結是否完整' } }) });
    renderRoutes(routes, { path: `/allowance/${TOKEN}` });
    expect(await screen.findByTestId('allowance-error')).toHaveTextContent('找不到這筆電子折讓，請確認連結是否完整');

    const { calls } = mockApi({});
    renderRoutes(routes, { path: '/allowance/short' });
    expect((await screen.findAllByTestId('allowance-error')).at(-1)).toHaveTextContent('找不到這筆電子折讓');
    expect(calls.some((c) => c.path.startsWith('/api/invoice-allowances'))).toBe(false);
  });
});
