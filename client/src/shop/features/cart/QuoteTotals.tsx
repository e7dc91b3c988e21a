import { Button, Skeleton } from 'antd';
import type { QuoteAdjustment, QuoteAnswer } from '@api/promotions';
import { formatNT, formatNumber } from '../../../shared/lib/format';
import { QUOTE_FAILED } from './useCartQuote';
import './Quote.css';

/** A discount as the shopper reads it: 滿千折百 −NT$ 100 (U+2212, the amount is negative). */
export const minusNT = (amount: number): string => `−${formatNT(Math.abs(amount))}`;

/** The shipping figure: 免運 at 0. */
export const feeText = (fee: number): string => (fee === 0 ? '免運' : formatNT(fee));

interface Props {
  quote: QuoteAnswer | undefined;
  loading: boolean;
  error: string | undefined;
  /** Test ids: `${prefix}-subtotal`, `-adjustment`, `-fee`, `-total`. */
  prefix: 'cart' | 'checkout';
  /** The shipping row's label (運費（宅配）). */
  feeLabel?: string;
  onRetry?: () => void;
}

function Row({ label, value, testId, className }: { label: string; value: string; testId: string; className?: string }) {
  return (
    <div className={`ss-quote-row${className ? ` ${className}` : ''}`}>
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

/**
 * The quote's money (spec 4 §4): 商品小計, each discount, shipping, total and points to earn.
 * While the quote is asked: a placeholder; after a failure: the message and no figure (§8).
 */
export function QuoteTotals({ quote, loading, error, prefix, feeLabel = '運費', onRetry }: Props) {
  if (loading) {
    return (
      <div className="ss-quote-totals" role="status" aria-label="金額計算中" data-testid={`${prefix}-quote-loading`}>
        <Skeleton active title={false} paragraph={{ rows: 4, width: ['100%', '80%', '100%', '60%'] }} />
      </div>
    );
  }
  if (error || !quote) {
    return (
      <div className="ss-quote-totals ss-quote-failed" role="alert" data-testid={`${prefix}-quote-error`}>
        <p className="ss-quote-failed-text">{error || QUOTE_FAILED}</p>
        {onRetry && (
          <Button size="small" onClick={onRetry}>
            重新計算
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="ss-quote-totals">
      <Row label="商品小計" value={formatNT(quote.subtotal)} testId={`${prefix}-subtotal`} />
      {quote.adjustments.map((a: QuoteAdjustment, i) => (
        <div key={`${a.kind}-${a.promotion_id ?? a.label}-${i}`} className="ss-quote-row ss-quote-adjustment" data-testid={`${prefix}-adjustment`}>
          <span>{a.label}</span>
          <span>{minusNT(a.amount)}</span>
        </div>
      ))}
      <Row label={feeLabel} value={feeText(quote.shipping_fee)} testId={`${prefix}-fee`} />
      <Row label="總計" value={formatNT(quote.totalAmount)} testId={`${prefix}-total`} className="ss-quote-total" />
      {quote.pointsToEarn > 0 && (
        <p className="ss-quote-points" data-testid={`${prefix}-points-earn`}>
          本次可獲得 {formatNumber(quote.pointsToEarn)} 點購物金（訂單完成後入帳）
        </p>
      )}
    </div>
  );
}
