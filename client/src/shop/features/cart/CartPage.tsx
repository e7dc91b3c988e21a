import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import { Empty, Spin } from 'antd';
import { Link } from 'react-router';
import type { QuoteAnswer, QuoteLine } from '@api/promotions';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { LinkButton } from '../../../shared/components/LinkButton';
import { CartLine } from './CartLine';
import { cartLineKey, selectCartCount, selectCartItems, selectShippingMethodId, setShippingMethod } from './cartSlice';
import { useLoadProductsQuery } from '../catalog/catalogApi';
import { AddonOffers, QuoteGifts } from './QuoteExtras';
import { QuoteHints } from './QuoteHints';
import { feeText, QuoteTotals } from './QuoteTotals';
import { pickShippingMethod, useLoadShippingQuery } from './shippingApi';
import { ShippingChoice } from './ShippingChoice';
import { useCartQuote } from './useCartQuote';
import './CartPage.css';

export const CART_PAGE_EMPTY = '你的購物車沒有任何商品。';

/** The quote's line for a cart line (bought items only; gifts and add-ons are listed apart). */
export function quotedLine(quote: Pick<QuoteAnswer, 'lines'> | undefined, key: { product_id: number; variant_id: number }): QuoteLine | undefined {
  return quote?.lines.find((l) => l.line_kind === 'item' && l.product_id === key.product_id && (l.variant_id || 0) === (key.variant_id || 0));
}

/**
 * /cart: lines, shipping choice and the server's quote (spec 1 §2, spec 4 §2): each line's discount,
 * every discount, gifts, add-on offers, what is missing for the next offer, shipping and total.
 */
export default function CartPage() {
  usePageTitle('購物車');
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const count = useAppSelector(selectCartCount);
  const storedShipping = useAppSelector(selectShippingMethodId);
  const { data, isLoading, isError } = useLoadShippingQuery(undefined, { skip: items.length === 0 });
  // The product list (cached, counts no view) caps lines at their product's current stock, also in a cart
  // stored before stock was kept; a product's details (popup, product page) give the exact variant stock.
  useLoadProductsQuery(undefined, { skip: items.length === 0 });
  const methods = data?.shippingMethods;
  const method = methods ? pickShippingMethod(methods, storedShipping) : undefined;
  // Priced once the shipping choice is known (or the methods could not be read: the server picks).
  const { quote, lastQuote, loading, error, refetch } = useCartQuote(method?.id, { skip: isLoading || (!method && !isError) });
  // Hints, gifts and offers stay (dimmed) while the quote is asked again; the money waits for it.
  const shown = quote ?? (loading ? lastQuote : undefined);

  if (items.length === 0) {
    return (
      <div className="ss-container ss-page">
        <h1 className="ss-page-title">購物車</h1>
        <Empty className="ss-cart-empty" image={<ShoppingOutlined className="ss-cart-empty-icon" aria-hidden />} description={CART_PAGE_EMPTY}>
          <LinkButton variant="primary" size="large" to="/products">
            去逛逛
          </LinkButton>
        </Empty>
      </div>
    );
  }

  return (
    <div className="ss-container ss-page">
      <h1 className="ss-page-title">購物車</h1>
      <p className="ss-page-subtitle">共 {count} 件商品</p>
      <div className="ss-cart-layout">
        <div className="ss-cart-main">
          {shown && <QuoteHints quote={shown} busy={!quote} />}
          <ul className="ss-cart-lines" aria-label="購物車商品">
            {items.map((item) => (
              <CartLine key={cartLineKey(item)} item={item} quoted={quotedLine(shown, item)} />
            ))}
          </ul>
          {shown && <QuoteGifts gifts={shown.gifts} />}
          {shown && <AddonOffers offers={shown.addonOffers} busy={!quote} />}
        </div>
        <aside className="ss-cart-summary" aria-label="訂單摘要">
          <ShippingChoice
            methods={methods}
            loading={isLoading}
            failed={isError}
            value={method?.id}
            chosenFee={quote ? feeText(quote.shipping_fee) : loading ? <Spin size="small" aria-label="運費計算中" /> : '—'}
            onChange={(id) => dispatch(setShippingMethod(id))}
          />
          <QuoteTotals quote={quote} loading={loading || isLoading} error={error} prefix="cart" onRetry={refetch} />
          <LinkButton variant="primary" size="large" block to="/checkout" className="ss-checkout-btn">
            前往結帳
          </LinkButton>
          <Link to="/products" className="ss-continue">
            繼續購物
          </Link>
        </aside>
      </div>
    </div>
  );
}
