import { Button } from 'antd';
import type { QuoteAddonOffer, QuoteAddonRequest, QuoteGift } from '@api/promotions';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatNT } from '../../../shared/lib/format';
import { removeAddon, selectCartAddons, setAddon } from './cartSlice';
import './Quote.css';

export const GIFT_GONE = '贈品已送完';

/** The gifts the order gets (贈品), and those left out (贈品已送完, spec 4 §5). */
export function QuoteGifts({ gifts }: { gifts: readonly QuoteGift[] }) {
  if (gifts.length === 0) return null;
  return (
    <section className="ss-quote-block" aria-labelledby="quote-gifts-title">
      <h2 id="quote-gifts-title" className="ss-quote-block-title">
        贈品
      </h2>
      <ul className="ss-quote-items">
        {gifts.map((g) => (
          <li key={`${g.promotion_id}-${g.variant_id}`} className={`ss-quote-item${g.available ? '' : ' is-out'}`} data-testid="quote-gift">
            {g.image_url ? <img src={g.image_url} alt="" width={56} height={56} loading="lazy" className="ss-quote-item-img" /> : <span className="ss-quote-item-img" />}
            <span className="ss-quote-item-info">
              <span className="ss-quote-item-title">
                <span className="ss-quote-tag ss-quote-tag--gift">贈品</span>
                {g.title}
              </span>
              {g.variant_name && <span className="ss-quote-item-sub">規格：{g.variant_name}</span>}
              {g.available ? (
                <span className="ss-quote-item-sub">× {g.quantity}</span>
              ) : (
                <span className="ss-quote-item-out">{g.message || GIFT_GONE}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The most of an add-on this order may take: its max_per_order, and its stock (spec 4 §4 step 4). */
export const addonLimit = (o: Pick<QuoteAddonOffer, 'max_per_order' | 'stock'>): number => Math.max(0, Math.min(o.max_per_order, o.stock));

const sameOffer = (o: QuoteAddonOffer) => (a: QuoteAddonRequest) => a.promotion_id === o.promotion_id && a.variant_id === o.variant_id;

/**
 * 加價購 offers whose condition the cart meets: add one (加入加價購), choose how many up to the limit,
 * remove. The chosen add-ons live in the cart; the next quote prices them (or drops what is no longer offered).
 */
export function AddonOffers({ offers, busy }: { offers: readonly QuoteAddonOffer[]; busy?: boolean }) {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(selectCartAddons);
  if (offers.length === 0) return null;
  return (
    <section className="ss-quote-block" aria-labelledby="quote-addons-title" aria-busy={busy || undefined}>
      <h2 id="quote-addons-title" className="ss-quote-block-title">
        加價購
      </h2>
      <ul className="ss-quote-items">
        {offers.map((o) => {
          const limit = addonLimit(o);
          const asked = chosen.find(sameOffer(o));
          const quantity = asked ? Math.min(asked.quantity, limit) : 0;
          const key = { promotion_id: o.promotion_id, variant_id: o.variant_id };
          return (
            <li key={`${o.promotion_id}-${o.variant_id}`} className="ss-quote-item ss-addon" data-testid="addon-offer">
              {o.image_url ? <img src={o.image_url} alt="" width={56} height={56} loading="lazy" className="ss-quote-item-img" /> : <span className="ss-quote-item-img" />}
              <span className="ss-quote-item-info">
                <span className="ss-quote-item-title">{o.title}</span>
                {o.variant_name && <span className="ss-quote-item-sub">規格：{o.variant_name}</span>}
                <span className="ss-addon-price">
                  <strong>{formatNT(o.addon_price)}</strong>
                  {o.price > o.addon_price && <del>{formatNT(o.price)}</del>}
                  <span className="ss-quote-item-sub">限購 {o.max_per_order} 件</span>
                </span>
              </span>
              <span className="ss-addon-act">
                {quantity === 0 ? (
                  <Button
                    onClick={() => dispatch(setAddon({ ...key, quantity: 1 }))}
                    disabled={limit <= 0}
                    aria-label={limit <= 0 ? `${o.title} 已售完` : `加入加價購：${o.title}`}
                    className="ss-addon-add"
                  >
                    {limit <= 0 ? '已售完' : '加入加價購'}
                  </Button>
                ) : (
                  <>
                    <select
                      className="ss-native ss-addon-qty"
                      aria-label={`${o.title} 加價購數量`}
                      value={quantity}
                      onChange={(e) => dispatch(setAddon({ ...key, quantity: Number(e.target.value) }))}
                    >
                      {Array.from({ length: Math.max(limit, quantity) }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                    <Button type="link" onClick={() => dispatch(removeAddon(key))} aria-label={`移除加價購：${o.title}`} className="ss-addon-remove">
                      移除
                    </Button>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
