import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useHoverDisclosure } from '../../shared/hooks/useHoverDisclosure';
import { CART_DROPDOWN_MS, selectCartDropdownPinnedAt, unpinCartDropdown } from '../features/cart/cartDropdownSlice';
import { selectCartCount } from '../features/cart/cartSlice';
import { CartPanel } from './CartPanel';

/** Pages that already show the cart in full: the dropdown would only cover them. */
export const isCartPage = (pathname: string): boolean => /^\/(cart|checkout)(\/|$)/i.test(pathname);

/**
 * Cart link with the count badge (sum of quantities) and its hover dropdown, also opened for 2 s
 * after adding — never over the cart or checkout page itself (立即購買 adds and lands there).
 */
export function NavCart() {
  const dispatch = useAppDispatch();
  const onCartPage = isCartPage(useLocation().pathname);
  const count = useAppSelector(selectCartCount);
  const pinnedAt = useAppSelector(selectCartDropdownPinnedAt);
  const { open, close, wrapperProps } = useHoverDisclosure(200);

  useEffect(() => {
    if (!pinnedAt) return;
    const t = setTimeout(() => dispatch(unpinCartDropdown()), Math.max(0, CART_DROPDOWN_MS - (Date.now() - pinnedAt)));
    return () => clearTimeout(t);
  }, [pinnedAt, dispatch]);

  const shown = !onCartPage && (open || pinnedAt > 0);
  return (
    <div className={`ss-navcart${shown ? ' is-open' : ''}`} {...wrapperProps}>
      <Link to="/cart" className="ss-nav-icon ss-cart-link" aria-label={`購物車，${count} 件商品`} data-testid="nav-cart">
        <ShoppingCartOutlined className="ss-nav-icon-glyph" aria-hidden />
        {count > 0 && (
          <span className="ss-badge" data-testid="cart-count" aria-hidden>
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Link>
      {shown && (
        <div className="ss-navcart-panel">
          <CartPanel
            onNavigate={() => {
              close();
              dispatch(unpinCartDropdown());
            }}
          />
        </div>
      )}
    </div>
  );
}
