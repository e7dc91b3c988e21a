import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import { Empty } from 'antd';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { LinkButton } from '../../../shared/components/LinkButton';
import { formatNT } from '../../../shared/lib/format';
import { shippingFee } from '../../../shared/lib/shipping';
import { CartLine } from './CartLine';
import { cartLineKey, selectCartCount, selectCartItems, selectCartSubtotal, selectShippingMethodId, setShippingMethod } from './cartSlice';
import { useLoadProductsQuery } from '../catalog/catalogApi';
import { pickShippingMethod, useLoadShippingQuery } from './shippingApi';
import { ShippingChoice } from './ShippingChoice';
import './CartPage.css';

export const CART_PAGE_EMPTY = '你的購物車沒有任何商品。';

/** /cart: lines, subtotal, shipping choice and total (spec 1 §2). */
export default function CartPage() {
  usePageTitle('購物車');
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const count = useAppSelector(selectCartCount);
  const subtotal = useAppSelector(selectCartSubtotal);
  const storedShipping = useAppSelector(selectShippingMethodId);
  const { data, isLoading, isError } = useLoadShippingQuery(undefined, { skip: items.length === 0 });
  // The product list (cached, counts no view) caps lines at their product's current stock, also in a cart
  // stored before stock was kept; a product's details (popup, product page) give the exact variant stock.
  useLoadProductsQuery(undefined, { skip: items.length === 0 });
  const methods = data?.shippingMethods;
  const method = methods ? pickShippingMethod(methods, storedShipping) : undefined;
  const fee = method ? shippingFee(method, subtotal) : 0;

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
        <ul className="ss-cart-lines" aria-label="購物車商品">
          {items.map((item) => (
            <CartLine key={cartLineKey(item)} item={item} />
          ))}
        </ul>
        <aside className="ss-cart-summary" aria-label="訂單摘要">
          <div className="ss-summary-row">
            <span>商品小計</span>
            <span data-testid="cart-subtotal">{formatNT(subtotal)}</span>
          </div>
          <ShippingChoice
            methods={methods}
            loading={isLoading}
            failed={isError}
            value={method?.id}
            subtotal={subtotal}
            onChange={(id) => dispatch(setShippingMethod(id))}
          />
          <div className="ss-summary-row">
            <span>運費</span>
            <span data-testid="cart-shipping-fee">{method ? (fee === 0 ? '免運' : formatNT(fee)) : '—'}</span>
          </div>
          <div className="ss-summary-row ss-summary-total">
            <span>總計</span>
            <span data-testid="cart-total">{formatNT(subtotal + fee)}</span>
          </div>
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
