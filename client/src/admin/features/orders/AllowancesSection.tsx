import { Tag, Typography } from 'antd';
import type { AllowancesAnswer, AllowanceView } from '@api/invoice-allowances';
import { formatNT } from '../../../shared/lib/format';
import { taipeiDateTime } from '../../../shop/features/orders/orderView';
import { adminOrdersApi } from './adminOrdersApi';

/** `GET /api/admin/invoiceAllowances?order_id=`: refreshed with the order's detail (a refund invalidates it). */
const allowancesApi = adminOrdersApi.injectEndpoints({
  endpoints: (build) => ({
    getInvoiceAllowances: build.query<AllowancesAnswer, number>({
      query: (order_id) => ({ url: '/admin/invoiceAllowances', params: { order_id } }),
      providesTags: (_r, _e, id) => [{ type: 'AdminOrder', id }],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetInvoiceAllowancesQuery } = allowancesApi;

/** invoice_allowances.status as staff read it. */
export const ALLOWANCE_STATUS_LABEL: Record<string, string> = {
  'awaiting-consent': '待顧客同意',
  pending: '開立中',
  issued: '已開立',
  failed: '開立失敗',
  void: '已作廢',
};

const COLOR: Record<string, string> = { 'awaiting-consent': 'orange', pending: 'blue', issued: 'green', failed: 'red', void: 'default' };

/**
 * The order's e-invoice allowances (折讓, issue 19 §4) in the admin order detail: number, amount
 * (tax), status, the member's consent time and IP, and the last error of a failed issue.
 */
export function AllowancesSection({ orderId }: { orderId: number }) {
  const { data, isError, isLoading } = useGetInvoiceAllowancesQuery(orderId);
  const list: AllowanceView[] = data?.allowances ?? [];
  if (isLoading || (isError && !data) || list.length === 0) return null;
  return (
    <section aria-labelledby="aord-sec-allowances">
      <h3 id="aord-sec-allowances" className="ss-aord-h">
        發票折讓
      </h3>
      <ul className="ss-aord-list" data-testid="detail-allowances">
        {list.map((a) => (
          <li key={a.id} className="ss-aord-item" data-testid="detail-allowance">
            <div className="ss-aord-item-head">
              <strong>{formatNT(a.amount)}</strong>
              <Tag color={COLOR[a.status] ?? 'default'}>{ALLOWANCE_STATUS_LABEL[a.status] ?? a.status}</Tag>
              <span>折讓單號 {a.allowance_no}</span>
            </div>
            <div className="ss-aord-muted">
              發票 {a.invoice_no || '—'} · 稅額 {formatNT(a.tax_amount)} · 建立 {taipeiDateTime(a.created_at)}
            </div>
            <div className="ss-aord-muted">
              {a.consented_at ? `顧客同意：${taipeiDateTime(a.consented_at)}（IP ${a.consent_ip || '—'}）` : '顧客尚未同意（退款通知信附同意連結）'}
              {a.issued_at && ` · 開立：${taipeiDateTime(a.issued_at)}`}
            </div>
            {a.status === 'failed' && a.last_error && (
              <Typography.Text type="danger" className="ss-aord-muted">
                {a.last_error}
              </Typography.Text>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
