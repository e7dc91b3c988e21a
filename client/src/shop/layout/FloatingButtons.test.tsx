import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initialSiteState } from '../../app/site/siteSlice';
import { renderApp } from '../../test/render';
import { FloatingButtons } from './FloatingButtons';
import { FAB_STORAGE_KEY, loadFloatingShown, saveFloatingShown } from './floatingPreference';

const site = {
  ...initialSiteState,
  settings: { COMPANY_NAME: '肌研舍', SOCIAL_LINE_URL: 'https://line.me/R/ti/p/@shop', SOCIAL_INSTAGRAM_URL: '', SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/shop' },
};

describe('floating buttons preference', () => {
  it('is shown until hidden, and remembers the choice', () => {
    expect(loadFloatingShown()).toBe(true);
    saveFloatingShown(false);
    expect(localStorage.getItem(FAB_STORAGE_KEY)).toBe('false');
    expect(loadFloatingShown()).toBe(false);
    saveFloatingShown(true);
    expect(loadFloatingShown()).toBe(true);
  });
});

describe('FloatingButtons', () => {
  it('links only the apps set in settings, plus scroll to top', () => {
    renderApp(<FloatingButtons />, { preloaded: { site } });
    expect(screen.getByRole('link', { name: '肌研舍 的 LINE（另開新視窗）' })).toHaveAttribute('href', 'https://line.me/R/ti/p/@shop');
    expect(screen.getByRole('link', { name: '肌研舍 的 Facebook（另開新視窗）' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /Instagram/ })).toBeNull();
    expect(screen.getByRole('button', { name: '回到頁面頂端' })).toBeInTheDocument();
  });

  it('hides and shows the buttons, keeping the choice across visits', async () => {
    const user = userEvent.setup();
    const first = renderApp(<FloatingButtons />, { preloaded: { site } });
    await user.click(screen.getByRole('button', { name: '隱藏快速按鈕' }));
    expect(screen.queryByRole('link', { name: /LINE/ })).toBeNull();
    expect(screen.getByRole('button', { name: '顯示快速按鈕' })).toHaveAttribute('aria-expanded', 'false');
    first.unmount();

    renderApp(<FloatingButtons />, { preloaded: { site } });
    const show = screen.getByRole('button', { name: '顯示快速按鈕' });
    await user.click(show);
    expect(screen.getByRole('link', { name: /LINE/ })).toBeInTheDocument();
    expect(localStorage.getItem(FAB_STORAGE_KEY)).toBe('true');
  });
});
