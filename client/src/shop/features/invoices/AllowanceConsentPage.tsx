import type { AllowanceConsentView } from '@api/invoice-allowances';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { formatNT } from '../../../shared/lib/format';
import { useConsentAllowanceMutation, useGetAllowanceQuery } from './allowanceApi';
import './AllowanceConsent.css';

/** What the member reads of each status. */
const STATUS_TEXT: Record<string, string> = {
  'awaiting-consent': '待您同意',
  pending: '已同意，折讓單開立中',
  issued: '已同意，折讓單已開立',
  failed: '已同意，折讓單開立中',
  void: '已取消',
};

/** A 43-character base64url token (anything else is not a link we sent). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function formatTime(iso: string | null): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString('zh-TW', { timeZone: 'Asia/Taipei', hour12: false });
}

/**
 * /allowance/:token — the e-invoice allowance (折讓) of a partial refund, reached from the refund
 * mail without login: the order number, the amount and the lines, and 同意電子折讓. The consent is
 * stored on the server with its time and IP.
 */
export default function AllowanceConsentPage() {
  usePageTitle('同意電子折讓');
  const { token = '' } = useParams();
  const valid = TOKEN.test(token);
  const { data, error, isLoading } = useGetAllowanceQuery(token, { skip: !valid });
  const [consent, consenting] = useConsentAllowanceMutation();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const agree = async () => {
    setNotice(null);
    const res = await consent(token);
    if ('error' in res) setNotice({ ok: false, text: apiErrorMessage(res.error) ?? '無法送出，請稍後再試' });
    else setNotice({ ok: true, text: res.data.message ?? '已同意電子折讓' });
  };

  let body;
  if (!valid || error) {
    body = (
      <p className="ss-alw-error" role="alert" data-testid="allowance-error">
        {(valid && apiErrorMessage(error)) || '找不到這筆電子折讓，請確認連結是否完整'}
      </p>
    );
  } else if (isLoading || !data?.allowance) {
    body = <p className="ss-alw-muted">載入中…</p>;
  } else {
    body = <AllowanceDetails a={data.allowance} onAgree={agree} busy={consenting.isLoading} />;
  }

  return (
    <div className="ss-container ss-page ss-alw-page">
      <h1 className="ss-alw-title">電子發票折讓確認</h1>
      {notice && (
        <p className={notice.ok ? 'ss-alw-ok' : 'ss-alw-error'} role={notice.ok ? 'status' : 'alert'} data-testid="allowance-notice">
          {notice.text}
        </p>
      )}
      {body}
      <p className="ss-alw-links">
        <Link to="/orders">查看我的訂單</Link>
      </p>
    </div>
  );
}

function AllowanceDetails({ a, onAgree, busy }: { a: AllowanceConsentView; onAgree: () => void; busy: boolean }) {
  const awaiting = a.status === 'awaiting-consent';
  return (
    <section className="ss-alw-card" aria-label="折讓內容">
      <dl className="ss-alw-facts">
        <div>
          <dt>訂單編號</dt>
          <dd data-testid="allowance-order">{a.order_no}</dd>
        </div>
        <div>
          <dt>折讓金額（含稅）</dt>
          <dd data-testid="allowance-amount">
            <strong>{formatNT(a.amount)}</strong>
          </dd>
        </div>
        <div>
          <dt>狀態</dt>
          <dd data-testid="allowance-status">{STATUS_TEXT[a.status] ?? a.status}</dd>
        </div>
        {a.consented_at && (
          <div>
            <dt>同意時間</dt>
            <dd data-testid="allowance-consented-at">{formatTime(a.consented_at)}</dd>
          </div>
        )}
      </dl>
      <table className="ss-alw-lines">
        <thead>
          <tr>
            <th scope="col">品項</th>
            <th scope="col">數量</th>
            <th scope="col">金額</th>
          </tr>
        </thead>
        <tbody>
          {a.lines.map((l, i) => (
            <tr key={i} data-testid="allowance-line">
              <td>{l.description}</td>
              <td>{l.quantity}</td>
              <td>{formatNT(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {awaiting && (
        <>
          <p className="ss-alw-muted">
            因本次部分退款，原電子發票須開立折讓單。依法規，開立電子折讓單須經您同意；按下「同意電子折讓」後，我們將記錄同意時間並為您開立。
          </p>
          <button type="button" className="ss-alw-agree" onClick={onAgree} disabled={busy} data-testid="allowance-agree">
            {busy ? '送出中…' : '同意電子折讓'}
          </button>
        </>
      )}
    </section>
  );
}
