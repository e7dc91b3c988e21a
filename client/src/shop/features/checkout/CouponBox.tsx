import { Button, Input } from 'antd';
import { useEffect, useId, useState } from 'react';
import type { QuoteAnswer } from '@api/promotions';
import { ErrorText } from '../../../shared/components/ErrorText';
import { COUPON_CODE_MAX, normalizeCouponCode } from '../cart/cartSlice';
import { minusNT } from '../cart/QuoteTotals';

interface Props {
  /** The code the cart holds (asked with every quote). */
  code: string;
  /** The quote of the cart with that code (undefined while asked or after a failure). */
  quote: QuoteAnswer | undefined;
  loading: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * 折扣碼 (spec 4 §2 checkout, §8): 套用 asks the quote with the code; a refused code keeps what was typed
 * with the server's message under the box (the quote is then the one without it); an applied code
 * shows its discount and 移除. Enter applies the code (it never sends the order).
 */
export function CouponBox({ code, quote, loading, onApply, onRemove }: Props) {
  const [draft, setDraft] = useState(code);
  const inputId = useId();
  const noteId = useId();
  // The cart's code changed elsewhere (removed, another tab): the box follows.
  useEffect(() => setDraft(code), [code]);
  const answer = quote?.coupon && quote.coupon.code === code ? quote.coupon : undefined;
  const applied = !!code && answer?.applied === true;
  const refused = !!code && answer?.applied === false ? answer.message || '折扣碼無法使用' : undefined;
  const saving = applied ? quote?.adjustments.filter((a) => a.kind === 'coupon').reduce((s, a) => s + a.amount, 0) ?? 0 : 0;
  const typed = normalizeCouponCode(draft);

  const apply = () => {
    if (typed) onApply(typed);
  };

  return (
    <div className="ss-co-coupon" data-testid="coupon-box">
      <label className="ss-co-label" htmlFor={inputId}>
        折扣碼
      </label>
      <div className="ss-co-coupon-row">
        <Input
          id={inputId}
          value={draft}
          maxLength={COUPON_CODE_MAX}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="輸入折扣碼"
          status={refused ? 'error' : undefined}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused || applied ? noteId : undefined}
          onChange={(e) => setDraft(e.target.value.toUpperCase())}
          onPressEnter={(e) => {
            e.preventDefault();
            apply();
          }}
        />
        <Button onClick={apply} loading={loading && !!code && typed === code} disabled={!typed || (applied && typed === code)} className="ss-co-coupon-btn">
          套用
        </Button>
        {code && (
          <Button onClick={onRemove} className="ss-co-coupon-btn">
            移除
          </Button>
        )}
      </div>
      {refused && <ErrorText id={noteId} message={refused} testId="coupon-message" />}
      {applied && (
        <p id={noteId} className="ss-co-coupon-ok" data-testid="coupon-applied" role="status">
          已套用折扣碼 {code}
          {saving < 0 ? `，折抵 ${minusNT(saving)}` : ''}
        </p>
      )}
    </div>
  );
}
