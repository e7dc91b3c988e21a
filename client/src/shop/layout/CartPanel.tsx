import { useAppSelector } from '../../app/hooks';
import { LinkButton } from '../../shared/components/LinkButton';
import { formatNT } from '../../shared/lib/format';
import { cartLineKey, selectCartItems, selectCartSubtotal } from '../features/cart/cartSlice';

export const CART_DROPDOWN_EMPTY = '購物車內目前沒有商品';
const SHOWN = 5;

/** The navbar cart dropdown: items, subtotal and 前往購物車. */
export function CartPanel({ onNavigate }: { onNavigate: () => void }) {
  const items = useAppSelector(selectCartItems);
  const subtotal = useAppSelector(selectCartSubtotal);
  if (items.length === 0) {
    return (
      <div className="ss-cart-panel" data-testid="cart-dropdown">
        <p className="ss-cart-panel-empty">{CART_DROPDOWN_EMPTY}</p>
      </div>
    );
  }
  return (
    <div className="ss-cart-panel" data-testid="cart-dropdown">
      <ul className="ss-cart-panel-list">
        {items.slice(0, SHOWN).map((i) => (
          <li key={cartLineKey(i)} className="ss-cart-panel-item">
            <img src={i.image_url} alt="" width={48} height={48} />
            <div className="ss-cart-panel-text">
              <div className="ss-cart-panel-title">{i.title}</div>
              {i.variant_name && <div className="ss-cart-panel-variant">{i.variant_name}</div>}
            </div>
            <div className="ss-cart-panel-price">
              {i.quantity} × {formatNT(i.discount_price)}
            </div>
          </li>
        ))}
      </ul>
      {items.length > SHOWN && <p className="ss-cart-panel-more">還有 {items.length - SHOWN} 項商品</p>}
      <div className="ss-cart-panel-subtotal">
        <span>小計</span>
        <strong>{formatNT(subtotal)}</strong>
      </div>
      <LinkButton variant="primary" block to="/cart" onClick={onNavigate}>
        前往購物車
      </LinkButton>
    </div>
  );
}
