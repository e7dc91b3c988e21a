import { priceTexts } from '../lib/format';

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

/**
 * "NT$ 980 ~ 1,280" with the original price struck through when it is higher. The server-rendered
 * first screen writes the same markup and texts (src/modules/seo/seo-pages.ts `priceTagHtml`).
 */
export function PriceTag({ low, high = low, originalLow, originalHigh, size }: Props) {
  const { selling, original } = priceTexts(low, high, originalLow ?? low, originalHigh ?? originalLow ?? low);
  return (
    <span className={`ss-price-tag${size ? ` ss-price-tag--${size}` : ''}`}>
      <span className="ss-price">
        <span className="ss-visually-hidden">售價 </span>
        {selling}
      </span>
      {original && (
        <del className="ss-price-original">
          <span className="ss-visually-hidden">原價 </span>
          {original}
        </del>
      )}
    </span>
  );
}
