import { formatNT, formatNTRange } from '../lib/format';

interface Props {
  /** Selling price (or its low end). */
  low: number;
  /** High end of the selling price; equal to low for one price. */
  high?: number;
  /** Original price range, struck through when above the selling price. */
  originalLow?: number;
  originalHigh?: number;
  size?: 'small' | 'large';
}

/** "NT$ 980 ~ 1,280" with the original price struck through when it is higher. */
export function PriceTag({ low, high = low, originalLow, originalHigh, size }: Props) {
  const oLow = originalLow ?? low;
  const oHigh = originalHigh ?? oLow;
  const showOriginal = oLow > low || oHigh > high;
  return (
    <span className={`ss-price-tag${size ? ` ss-price-tag--${size}` : ''}`}>
      <span className="ss-price">
        <span className="ss-visually-hidden">售價 </span>
        {formatNTRange(low, high)}
      </span>
      {showOriginal && (
        <del className="ss-price-original">
          <span className="ss-visually-hidden">原價 </span>
          {oLow === oHigh || oHigh <= 0 ? formatNT(oLow) : formatNTRange(oLow, oHigh)}
        </del>
      )}
    </span>
  );
}
