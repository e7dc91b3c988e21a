import { Progress } from 'antd';
import type { QuoteAnswer, QuoteHint } from '@api/promotions';
import './Quote.css';

/** The hint a free-shipping progress bar counts towards: a free-shipping one with its threshold. */
export function shippingHint(hints: readonly QuoteHint[]): QuoteHint | undefined {
  return hints.find((h) => (h.kind === 'free_shipping' || h.kind === 'shipping') && typeof h.threshold === 'number' && h.threshold > 0);
}

/** How far along the threshold the cart is, 0–100 (whole percent). */
export function progressPercent(h: Pick<QuoteHint, 'missing' | 'threshold'>): number {
  const t = h.threshold ?? 0;
  if (t <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor(((t - h.missing) / t) * 100)));
}

/**
 * What the cart is short of (spec 4 §4 step 7): 還差 NT$ 120 享免運 with a progress bar, 再買 1 件享任選 3 件
 * NT$ 999, 還差 NT$ 300 送「旅行組」. Texts are the server's.
 */
export function QuoteHints({ quote, busy }: { quote: Pick<QuoteAnswer, 'hints' | 'freeShipping'>; busy?: boolean }) {
  const ship = shippingHint(quote.hints);
  const others = quote.hints.filter((h) => h !== ship);
  if (!ship && others.length === 0 && !quote.freeShipping) return null;
  return (
    <section className={`ss-quote-hints${busy ? ' is-busy' : ''}`} aria-label="優惠提示" aria-busy={busy || undefined} data-testid="quote-hints">
      {ship ? (
        <div className="ss-freeship">
          <p className="ss-quote-hint" data-testid="quote-hint">
            {ship.text}
          </p>
          <Progress percent={progressPercent(ship)} showInfo={false} size="small" strokeColor="#b86b77" aria-label="免運進度" />
        </div>
      ) : quote.freeShipping ? (
        <p className="ss-quote-hint ss-quote-hint--done">已享免運</p>
      ) : null}
      {others.length > 0 && (
        <ul className="ss-quote-hint-list">
          {others.map((h, i) => (
            <li key={`${h.promotion_id ?? 'shipping'}-${i}`} className="ss-quote-hint" data-testid="quote-hint">
              {h.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
