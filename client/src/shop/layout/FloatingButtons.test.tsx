import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initialSiteState } from '../../app/site/siteSlice';
import { renderApp } from '../../test/render';
import { FloatingButtons } from './FloatingButtons';
import { showsFloatingButtons } from './floatingRules';

const site = {
  ...initialSiteState,
  settings: { COMPANY_NAME: '肌研舍', SOCIAL_LINE_URL: 'https://line.me/R/ti/p/@shop', SOCIAL_INSTAGRAM_URL: '', SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/shop' },
};

const toggle = () => screen.getByRole('button', { name: '快速連結' });

describe('where the floating buttons show', () => {
  it('stays off the cart, checkout and form pages', () => {
    for (const path of ['/cart', '/checkout', '/checkout/confirm', '/login', '/loginres', '/register', '/fpassword', '/profile', '/cpassword', '/address', '/contact']) {
      expect(showsFloatingButtons(path)).toBe(false);
    }
    for (const path of ['/', '/products', '/product/12', '/about', '/posters/3', '/maskCare', '/contacts-of-shop']) {
      expect(showsFloatingButtons(path)).toBe(true);
    }
  });
});

describe('FloatingButtons', () => {
  it('is one folded button; opening it lists only the apps set in settings, plus scroll to top', async () => {
    renderApp(<FloatingButtons />, { preloaded: { site } });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /LINE/ })).toBeNull();
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle().getAttribute('aria-controls')!)).not.toHaveAttribute('hidden');
    expect(screen.getByRole('link', { name: '肌研舍 的 LINE（另開新視窗）' })).toHaveAttribute('href', 'https://line.me/R/ti/p/@shop');
    expect(screen.getByRole('link', { name: '肌研舍 的 Facebook（另開新視窗）' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /Instagram/ })).toBeNull();
    expect(screen.getByRole('button', { name: '回到頁面頂端' })).toBeInTheDocument();
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: '回到頁面頂端' })).toBeNull();
  });

  it('works from the keyboard: Enter opens, Escape closes and returns focus to the button', async () => {
    renderApp(<FloatingButtons />, { preloaded: { site } });
    await userEvent.tab();
    expect(toggle()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: '回到頁面頂端' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('closes on a tap outside, after choosing an entry, and on another page', async () => {
    const { router } = renderApp(
      <>
        <p>頁面內容</p>
        <FloatingButtons />
      </>,
      { preloaded: { site }, path: '/products' },
    );
    await userEvent.click(toggle());
    await userEvent.click(screen.getByText('頁面內容'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle());
    await userEvent.click(screen.getByRole('button', { name: '回到頁面頂端' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle());
    await act(() => router.navigate('/about'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('is not rendered on the cart and form pages', async () => {
    const { router } = renderApp(<FloatingButtons />, { preloaded: { site }, path: '/products' });
    expect(screen.getByTestId('floating-buttons')).toBeInTheDocument();
    await act(() => router.navigate('/profile'));
    expect(screen.queryByTestId('floating-buttons')).toBeNull();
  });
});
