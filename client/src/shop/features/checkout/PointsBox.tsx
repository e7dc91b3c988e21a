import { Button, Input } from 'antd';
import { useEffect, useId, useState } from 'react';
import type { QuoteAnswer } from '@api/promotions';
import { ErrorText } from '../../../shared/components/ErrorText';
import { formatNT, formatNumber } from '../../../shared/lib/format';
import type { PointsChoice } from './pointsChoice';

interface Props {
  /** The quote shown (or the last one while the next is asked): balance, cap and the points used. */
  quote: QuoteAnswer | undefined;
  loading: boolean;
  choice: PointsChoice;
}

/**
 * 使用購物金 (spec 4 §2 checkout): the balance and the most this order may use (the quote's pointsMax),
 * a whole number with 全部折抵 / 套用; Enter applies (it never sends the order). A refusal shows under
 * the box and the quote is left as it was. Shown to members with points (visitors never reach checkout).
 */
export function PointsBox({ quote, loading, choice }: Props) {
  const [draft, setDraft] = useState(choice.points ? String(choice.points) : '');
  const inputId = useId();
  const noteId = useId();
  // The points went back (a refusal, or the cart shrank): the box follows.
  useEffect(() => setDraft(choice.points ? String(choice.points) : ''), [choice.points]);
  if (!quote || (quote.pointsBalance <= 0 && choice.points === 0)) return null;
  const used = quote.pointsUsed;
  const max = quote.pointsMax;

  const apply = (typed: string) => {
    if (!typed.trim() && !choice.points) return;
    if (!typed.trim() || typed.trim() === '0') choice.clear();
    else choice.apply(typed);
  };

  return (
    <div className="ss-co-coupon ss-co-points" data-testid="points-box">
      <label className="ss-co-label" htmlFor={inputId}>
        使用購物金
      </label>
      <p className="ss-co-points-facts" id={`${noteId}-facts`}>
        可用 <strong data-testid="points-balance">{formatNumber(quote.pointsBalance)}</strong> 點，本筆最多可折抵{' '}
        <strong data-testid="points-max">{formatNT(max)}</strong>
      </p>
      <div className="ss-co-coupon-row">
        <Input
          id={inputId}
          value={draft}
          inputMode="numeric"
          autoComplete="off"
          placeholder="輸入點數"
          status={choice.note ? 'error' : undefined}
          aria-invalid={choice.note ? true : undefined}
          aria-describedby={`${noteId}-facts${choice.note || used ? ` ${noteId}` : ''}`}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            apply(draft);
          }}
        />
        <Button
          className="ss-co-coupon-btn"
          disabled={max <= 0 || (used === max && used > 0)}
          onClick={() => {
            setDraft(String(max));
            apply(String(max));
          }}
        >
          全部折抵
        </Button>
        <Button className="ss-co-coupon-btn" onClick={() => apply(draft)} loading={loading && choice.points > 0 && used !== choice.points}>
          套用
        </Button>
        {used > 0 && (
          <Button className="ss-co-coupon-btn" onClick={choice.clear}>
            取消使用
          </Button>
        )}
      </div>
      {choice.note ? (
        <ErrorText id={noteId} message={choice.note} testId="points-message" />
      ) : (
        used > 0 && (
          <p id={noteId} className="ss-co-coupon-ok" data-testid="points-applied" role="status">
            已使用 {formatNumber(used)} 點，折抵 {formatNT(used)}
          </p>
        )
      )}
    </div>
  );
}
