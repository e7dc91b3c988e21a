import { Button, Spin } from 'antd';
import { Link } from 'react-router';
import type { QuoteAnswer, QuoteLine } from '@api/promotions';
import { REACH_MSG } from '@rules/reach-rules';
import { ErrorText } from '../../../shared/components/ErrorText';
import { formatNT } from '../../../shared/lib/format';
import { cartLineKey, type CartItem } from '../cart/cartSlice';
import { QuoteTotals } from '../cart/QuoteTotals';
// The line styles (image, title, 規格) are the cart quote's own.
import '../cart/Quote.css';
import type { CartQuote } from '../cart/useCartQuote';
import { CouponBox } from './CouponBox';
import type { PointsChoice } from './pointsChoice';
import { PointsBox } from './PointsBox';

const KIND_TAG: Partial<Record<QuoteLine['line_kind'], { text: string; cls: string }>> = {
  gift: { text: '贈品', cls: 'ss-quote-tag ss-quote-tag--gift' },
  addon: { text: '加價購', cls: 'ss-quote-tag ss-quote-tag--addon' },
};

/** The order's lines: the quote's (items with their discount, then gifts and add-ons), else the cart's until it answers. */
export function SummaryLines({ items, quote }: { items: readonly CartItem[]; quote?: QuoteAnswer }) {
  return (
    <ul className="ss-co-items" aria-label="訂購商品">
      {quote
        ? quote.lines.map((l, i) => {
            const tag = KIND_TAG[l.line_kind];
            return (
              <li key={`${l.line_kind}-${l.product_id}-${l.variant_id}-${i}`} className="ss-co-item" data-testid="checkout-item">
                {l.image_url ? <img src={l.image_url} alt="" width={56} height={56} className="ss-quote-item-img" loading="lazy" /> : <span className="ss-quote-item-img" />}
                <span className="ss-quote-item-info">
                  <span className="ss-quote-item-title">
                    {tag && <span className={tag.cls}>{tag.text}</span>}
                    {l.title}
                  </span>
                  {l.variant_name && <span className="ss-quote-item-sub">規格：{l.variant_name}</span>}
                  <span className="ss-quote-item-sub">
                    {formatNT(l.unit_price)} × {l.quantity}
                  </span>
                  {l.discount > 0 && <span className="ss-co-item-discount">折扣 −{formatNT(l.discount)}</span>}
                </span>
                <span className="ss-co-item-total">{l.line_kind === 'gift' ? '贈品' : formatNT(l.amount)}</span>
              </li>
            );
          })
        : items.map((i) => (
            <li key={cartLineKey(i)} className="ss-co-item" data-testid="checkout-item">
              {i.image_url ? <img src={i.image_url} alt="" width={56} height={56} className="ss-quote-item-img" loading="lazy" /> : <span className="ss-quote-item-img" />}
              <span className="ss-quote-item-info">
                <span className="ss-quote-item-title">{i.title}</span>
                {i.variant_name && <span className="ss-quote-item-sub">規格：{i.variant_name}</span>}
                <span className="ss-quote-item-sub">
                  {formatNT(i.discount_price)} × {i.quantity}
                </span>
              </span>
            </li>
          ))}
    </ul>
  );
}

interface Props {
  items: readonly CartItem[];
  priced: CartQuote;
  couponCode: string;
  onCoupon: (code: string) => void;
  /** The points box's state (issue 21). */
  points: PointsChoice;
  shippingName?: string;
  failure: string;
  working: boolean;
}

/**
 * 訂單摘要 (spec 4 §2 checkout): the quote's lines, the coupon and points boxes, every discount, shipping and total,
 * the refusal of the last submit, and 送出訂單 (fixed to the bottom of a phone's screen with the total).
 */
export function CheckoutSummary({ items, priced, couponCode, onCoupon, points, shippingName, failure, working }: Props) {
  const { quote, loading, error, refetch } = priced;
  return (
    <aside className="ss-co-summary" aria-labelledby="co-summary-title">
      <h2 id="co-summary-title" className="ss-co-card-title">
        訂單摘要
      </h2>
      <SummaryLines items={items} quote={quote} />
      <CouponBox code={couponCode} quote={quote} loading={loading} onApply={onCoupon} onRemove={() => onCoupon('')} />
      <PointsBox quote={quote ?? priced.lastQuote} loading={loading} choice={points} />
      <QuoteTotals quote={quote} loading={loading} error={error} prefix="checkout" feeLabel={`運費${shippingName ? `（${shippingName}）` : ''}`} onRetry={refetch} />
      <ErrorText message={failure} block testId="checkout-failure" />
      {/* 消費者保護法: the 7-day 鑑賞期 is told before 送出訂單 (issue 22 §5), with the full policy a tap away (new tab: the form stays). */}
      <p className="ss-co-policy" data-testid="return-policy">
        {REACH_MSG.returnPolicy}
        <Link to="/productreturns" target="_blank" rel="noopener">
          退換貨須知
        </Link>
      </p>
      <div className="ss-co-actions">
        <span className="ss-co-bar-total" aria-hidden>
          <span>總計</span> <strong>{quote ? formatNT(quote.totalAmount) : loading ? <Spin size="small" /> : '—'}</strong>
        </span>
        <Button type="primary" htmlType="submit" size="large" loading={working || loading} disabled={working || loading} className="ss-co-submit">
          送出訂單
        </Button>
      </div>
      <Link to="/cart" className="ss-co-back">
        返回購物車
      </Link>
    </aside>
  );
}
