import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAnalyticsForTests } from '../../shared/analytics/analytics';
import { CONSENT_KEY } from '../../shared/analytics/consent';
import { renderApp } from '../../test/render';
import ConsentBanner from './ConsentBanner';
import { Footer } from './Footer';
import { AnalyticsHost } from './AnalyticsHost';

const stored = () => JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as { analytics: boolean; at: string } | null;
const analyticsScripts = () => document.querySelectorAll('script[data-analytics]').length;
const withIds = { site: { settings: { GA4_ID: 'G-TEST123', META_PIXEL_ID: '123456789012345' }, posterTitles: [], cartVersion: '', settingsVersion: '', postersVersion: '' } };

afterEach(() => resetAnalyticsForTests());

describe('the cookie consent banner (issue 22 §7)', () => {
  it('接受 remembers the choice and, with the ids set, loads the tags; nothing loaded before', async () => {
    const user = userEvent.setup();
    renderApp(<AnalyticsHost />, { preloaded: withIds });
    const banner = await screen.findByTestId('consent-banner');
    expect(analyticsScripts()).toBe(0);
    expect(within(banner).getByRole('link', { name: '隱私權政策' })).toHaveAttribute('href', '/privacypolicy');
    await user.click(within(banner).getByRole('button', { name: '接受' }));
    expect(screen.queryByTestId('consent-banner')).not.toBeInTheDocument();
    expect(stored()).toEqual({ analytics: true, at: expect.any(String) });
    expect(analyticsScripts()).toBe(2);
  });

  it('拒絕 remembers the refusal, loads nothing, and the banner stays away on the next visit', async () => {
    const user = userEvent.setup();
    const first = renderApp(<AnalyticsHost />, { preloaded: withIds });
    await user.click(await screen.findByRole('button', { name: '拒絕' }));
    expect(stored()).toMatchObject({ analytics: false });
    expect(analyticsScripts()).toBe(0);
    first.unmount();
    renderApp(<ConsentBanner />);
    expect(screen.queryByTestId('consent-banner')).not.toBeInTheDocument();
  });

  it('設定 opens a dialog with the 分析 Cookie switch, by keyboard; Escape closes it; 儲存設定 keeps the choice', async () => {
    const user = userEvent.setup();
    renderApp(<ConsentBanner />);
    const settings = await screen.findByRole('button', { name: '設定' });
    settings.focus();
    await user.keyboard('{Enter}');
    let dialog = screen.getByRole('dialog', { name: 'Cookie 設定' });
    const toggle = within(dialog).getByRole('switch', { name: '分析 Cookie' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stored()).toBeNull();
    // Back to the banner, focus on 設定.
    expect(screen.getByRole('button', { name: '設定' })).toHaveFocus();

    await user.keyboard('{Enter}');
    dialog = screen.getByRole('dialog', { name: 'Cookie 設定' });
    await user.keyboard(' ');
    expect(within(dialog).getByRole('switch', { name: '分析 Cookie' })).toHaveAttribute('aria-checked', 'true');
    // Tab stays inside the dialog.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: '儲存設定' }));
    expect(stored()).toMatchObject({ analytics: true });
    expect(screen.queryByTestId('consent-banner')).not.toBeInTheDocument();
  });

  it('the footer’s Cookie 設定 opens the settings again after a choice', async () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ analytics: true, at: '2026-11-28T00:00:00.000Z' }));
    const user = userEvent.setup();
    renderApp(
      <>
        <Footer />
        <ConsentBanner />
      </>,
      { preloaded: withIds },
    );
    expect(screen.queryByTestId('consent-banner')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cookie 設定' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie 設定' });
    expect(within(dialog).getByRole('switch', { name: '分析 Cookie' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(dialog).getByRole('switch', { name: '分析 Cookie' }));
    await user.click(within(dialog).getByRole('button', { name: '儲存設定' }));
    expect(stored()).toMatchObject({ analytics: false });
  });

  it('Cookie 設定 pressed before the banner’s code has loaded still opens the settings', async () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ analytics: false, at: '2026-11-28T00:00:00.000Z' }));
    const user = userEvent.setup();
    const footer = renderApp(<Footer />, { preloaded: withIds });
    await user.click(screen.getByRole('button', { name: 'Cookie 設定' }));
    footer.unmount();
    renderApp(<ConsentBanner />);
    expect(await screen.findByRole('dialog', { name: 'Cookie 設定' })).toBeInTheDocument();
  });

  it('a shop without a GA4 or Pixel id measures nothing: no banner, no Cookie 設定 in the footer', async () => {
    renderApp(
      <>
        <Footer />
        <AnalyticsHost />
      </>,
    );
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cookie 設定' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('consent-banner')).not.toBeInTheDocument();
  });
});
