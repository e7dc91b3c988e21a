import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEnabled, configureAnalytics, resetAnalyticsForTests, track } from './analytics';
import { CONSENT_KEY, saveConsent } from './consent';
import { addToCartEvent, viewItemEvent } from './events';

const w = window as unknown as { dataLayer?: unknown[][]; fbq?: { queue: unknown[][] } };
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-analytics]')].map((s) => s.src);
const gaEvents = () => (w.dataLayer ?? []).map((a) => [...a]).filter((a) => a[0] === 'event');
const view = viewItemEvent({ product_id: 7, title: '玻尿酸精華', discount_price: 620 });

beforeEach(() => {
  resetAnalyticsForTests();
  localStorage.removeItem(CONSENT_KEY);
});
afterEach(() => {
  resetAnalyticsForTests();
  localStorage.removeItem(CONSENT_KEY);
});

describe('analytics behind the consent (issue 22 §7)', () => {
  it('before any choice nothing loads and nothing is kept, even with both ids set', () => {
    configureAnalytics('G-TEST123', '123456789012345');
    track(view);
    expect(scripts()).toEqual([]);
    expect(w.dataLayer).toBeUndefined();
    expect(w.fbq).toBeUndefined();
    expect(analyticsEnabled()).toBe(false);
    // Accepting later does not send what happened before.
    saveConsent(true);
    expect(gaEvents()).toEqual([]);
  });

  it('rejected: nothing loads', () => {
    saveConsent(false);
    configureAnalytics('G-TEST123', '123456789012345');
    track(view);
    expect(scripts()).toEqual([]);
    expect(w.dataLayer).toBeUndefined();
  });

  it('accepted without ids: nothing loads', () => {
    saveConsent(true);
    configureAnalytics('', '');
    track(view);
    expect(scripts()).toEqual([]);
    expect(analyticsEnabled()).toBe(false);
  });

  it('accepted with ids: gtag.js and fbevents.js load once and every event goes to both', () => {
    configureAnalytics('G-TEST123', '123456789012345');
    saveConsent(true);
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123', 'https://connect.facebook.net/en_US/fbevents.js']);
    track(view);
    track(addToCartEvent({ product_id: 7, title: '玻尿酸精華', discount_price: 620, quantity: 2 }));
    expect(scripts()).toHaveLength(2);
    expect(gaEvents()).toEqual([
      ['event', 'view_item', view.params],
      ['event', 'add_to_cart', expect.objectContaining({ currency: 'TWD', value: 1240 })],
    ]);
    expect(w.fbq?.queue.map((a) => a.slice(0, 2))).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
      ['track', 'ViewContent'],
      ['track', 'AddToCart'],
    ]);
  });

  it('an event tracked before the ids are known waits for them only with consent given', () => {
    saveConsent(true);
    track(view);
    expect(scripts()).toEqual([]);
    configureAnalytics('G-TEST123', '');
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    expect(gaEvents()).toEqual([['event', 'view_item', view.params]]);
  });

  it('ids that are not GA4 / Pixel ids load nothing', () => {
    saveConsent(true);
    configureAnalytics('"><script>', 'abc');
    track(view);
    expect(scripts()).toEqual([]);
  });

  it('withdrawing consent stops the events', () => {
    configureAnalytics('G-TEST123', '');
    saveConsent(true);
    saveConsent(false);
    track(view);
    expect(gaEvents()).toEqual([]);
    expect((w.dataLayer ?? []).map((a) => [...a]).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied', ad_storage: 'denied' }]);
  });
});
