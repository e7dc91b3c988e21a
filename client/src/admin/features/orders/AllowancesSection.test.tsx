import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AllowanceView } from '@api/invoice-allowances';
import { mockApi, renderApp } from '../../../test/render';
import { AllowancesSection } from './AllowancesSection';

const allowance = (over: Partial<AllowanceView> = {}): AllowanceView => ({
  id: 1,
  refund_id: 3,
  allowance_no: 'A261124123456789',
  invoice_no: 'AB00000001',
  amount: 300,
  tax_amount: 14,
  status: 'issued',
  consented_at: '2026-11-24T07:05:00.000Z',
  consent_ip: '198.51.100.7',
  issued_at: '2026-11-24T07:05:02.000Z',
  last_error: '',
  created_at: '2026-11-24T07:00:00.000Z',
  ...over,
});

describe('admin order detail: 發票折讓 (issue 19 §4)', () => {
  it('lists each allowance: number, amount, tax, status, consent time and IP; a failed one shows its error', async () => {
    const { calls } = mockApi({
      'GET /api/admin/invoiceAllowances': (_b, url) => ({
        json: {
          success: true,
          allowances:
            url.searchParams.get('order_id') === '42'
              ? [allowance(), allowance({ id: 2, allowance_no: 'A261124000000002', amount: 100, tax_amount: 5, status: 'awaiting-consent', consented_at: null, consent_ip: '', issued_at: null }), allowance({ id: 3, status: 'failed', last_error: 'Amego g0401 refused' })]
              : [],
        },
      }),
    });
    renderApp(<AllowancesSection orderId={42} />);
    const items = await screen.findAllByTestId('detail-allowance');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('NT$ 300');
    expect(items[0]).toHaveTextContent('已開立');
    expect(items[0]).toHaveTextContent('A261124123456789');
    expect(items[0]).toHaveTextContent('稅額 NT$ 14');
    expect(items[0]).toHaveTextContent('顧客同意：2026-11-24 15:05');
    expect(items[0]).toHaveTextContent('198.51.100.7');
    expect(within(items[1]).getByText('待顧客同意')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('顧客尚未同意');
    expect(items[2]).toHaveTextContent('開立失敗');
    expect(items[2]).toHaveTextContent('Amego g0401 refused');
    expect(calls.some((c) => c.path === '/api/admin/invoiceAllowances')).toBe(true);
  });

  it('shows nothing for an order without allowances', async () => {
    const { calls } = mockApi({ 'GET /api/admin/invoiceAllowances': () => ({ json: { success: true, allowances: [] } }) });
    renderApp(<AllowancesSection orderId={7} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.length).toBeGreaterThan(0);
    expect(screen.queryByText('發票折讓')).toBeNull();
  });
});
