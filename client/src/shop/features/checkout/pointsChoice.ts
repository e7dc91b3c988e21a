import { useEffect, useRef, useState } from 'react';
import type { QuoteAnswer } from '@api/promotions';
import { formatNT } from '../../../shared/lib/format';

/** Spec 4 §5's points messages (the server's own words; the server checks again and may answer them). */
export const POINTS_MSG = {
  invalid: '請輸入正確的購物金點數',
  balance: '購物金餘額不足',
  max: (n: number) => `最多可折抵 ${formatNT(n)}`,
} as const;

/** Whether a quote's refusal is about the points (so the points box says it, not the totals). */
export const isPointsMessage = (m: string | undefined): boolean => !!m && (m.includes('購物金') || m.startsWith('最多可折抵'));

/** Why `typed` cannot be used (spec 4 §5), checked before the quote is asked: a whole number ≥ 0, ≤ balance, ≤ the cap. */
export function pointsProblem(typed: string, balance: number, max: number): string | undefined {
  const t = typed.trim();
  if (!/^\d+$/.test(t)) return POINTS_MSG.invalid;
  const n = Number(t);
  if (!Number.isSafeInteger(n)) return POINTS_MSG.invalid;
  if (n > balance) return POINTS_MSG.balance;
  if (n > max) return POINTS_MSG.max(max);
  return undefined;
}

export interface PointsChoice {
  /** The points the quote is asked with (0 = none). */
  points: number;
  /** The refusal shown under the box ('' when none). */
  note: string;
  /** 套用 / 全部折抵: checked against the last quote first; a refused amount leaves the quote as it was. */
  apply: (typed: string) => void;
  clear: () => void;
}

/**
 * The checkout's points (issue 21): `points` is what the quote is asked with (the page's state, as the
 * quote needs it before this hook sees the answer), and what the box says. A
 * refusal (by this check or by the server: 購物金餘額不足 / 最多可折抵 NT$ n / 請輸入正確的購物金點數)
 * is shown under the box and the quote goes back to the points it last took, so it stays unchanged.
 */
export function usePointsChoice(
  points: number,
  setPoints: (n: number) => void,
  shown: { quote: QuoteAnswer | undefined; lastQuote: QuoteAnswer | undefined; loading: boolean; error: string | undefined },
): PointsChoice {
  const [note, setNote] = useState('');
  // The points of the last quote that took them (the one to go back to).
  const taken = useRef(0);
  const { quote, lastQuote, loading, error } = shown;

  useEffect(() => {
    if (loading) return;
    if (quote) {
      taken.current = quote.pointsUsed;
      // The cart changed under the points (a smaller cap): the quote took less; the box says why.
      if (points > 0 && quote.pointsUsed < points) {
        setNote(points > quote.pointsBalance ? POINTS_MSG.balance : POINTS_MSG.max(quote.pointsMax));
        setPoints(quote.pointsUsed);
      }
    } else if (error && points > 0 && isPointsMessage(error)) {
      setNote(error);
      setPoints(points === taken.current ? 0 : taken.current);
    }
  }, [quote, loading, error, points, setPoints]);

  const apply = (typed: string) => {
    const basis = quote ?? lastQuote;
    const problem = pointsProblem(typed, basis?.pointsBalance ?? 0, basis?.pointsMax ?? 0);
    if (problem) {
      setNote(problem);
      return;
    }
    setNote('');
    setPoints(Number(typed.trim()));
  };
  const clear = () => {
    setNote('');
    setPoints(0);
  };
  return { points, note, apply, clear };
}
