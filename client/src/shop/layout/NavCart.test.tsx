import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, renderRoutes } from '../../test/render';
import { pinCartDropdown } from '../features/cart/cartDropdownSlice';
import { initialCartState, type CartItem } from '../features/cart/cartSlice';
import { NavCart } from './NavCart';

const line = (product_id: number, quantity: number, discount_price: number): CartItem => ({
  product_id, variant_id: 0, variant_name: '', title: `商品${product_id}`, description: '', image_url: `/media/${product_id}.webp`,
  discount_price, quantity,
});

afterEach(() => vi.useRealTimers());

describe('NavCart', () => {
  it('shows the sum of quantities on the badge and lists lines with the subtotal on hover', () => {
    renderApp(<NavCart />, { preloaded: { cart: { ...initialCartState, items: [line(1, 2, 1280), line(2, 3, 450)] } } });
    const link = screen.getByRole('link', { name: '購物車，5 件商品' });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('5');
    fireEvent.pointerEnter(link.parentElement!, { pointerType: 'mouse' });
    const panel = screen.getByTestId('cart-dropdown');
    expect(panel).toHaveTextContent('商品1');
    expect(panel).toHaveTextContent('2 × NT$ 1,280');
    expect(panel).toHaveTextContent('NT$ 3,910');
    expect(screen.getByRole('link', { name: '前往購物車' })).toHaveAttribute('href', '/cart');
  });

  it('says the cart is empty and shows no badge', () => {
    renderApp(<NavCart />);
    expect(screen.queryByTestId('cart-count')).toBeNull();
    fireEvent.pointerEnter(screen.getByRole('link', { name: '購物車，0 件商品' }).parentElement!, { pointerType: 'mouse' });
    expect(screen.getByText('購物車內目前沒有商品')).toBeInTheDocument();
  });

  it('opens for 2 seconds after an item was added', () => {
    vi.useFakeTimers();
    const { store } = renderApp(<NavCart />, { preloaded: { cart: { ...initialCartState, items: [line(1, 1, 500)] } } });
    expect(screen.queryByTestId('cart-dropdown')).toBeNull();
    act(() => void store.dispatch(pinCartDropdown()));
    expect(screen.getByTestId('cart-dropdown')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1900));
    expect(screen.getByTestId('cart-dropdown')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('cart-dropdown')).toBeNull();
  });

  it('does not open over the cart page itself (hover or after 立即購買)', () => {
    const { store } = renderRoutes([{ path: '/cart', element: <NavCart /> }], {
      path: '/cart',
      preloaded: { cart: { ...initialCartState, items: [line(1, 1, 500)] } },
    });
    act(() => void store.dispatch(pinCartDropdown()));
    expect(screen.queryByTestId('cart-dropdown')).toBeNull();
    fireEvent.pointerEnter(screen.getByRole('link', { name: '購物車，1 件商品' }).parentElement!, { pointerType: 'mouse' });
    expect(screen.queryByTestId('cart-dropdown')).toBeNull();
  });
});
