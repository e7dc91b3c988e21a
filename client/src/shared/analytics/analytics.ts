import { readConsent, onConsent } from './consent';
import { toMetaPixel, type CommerceEvent } from './events';

/**
 * GA4 (gtag.js) and Meta Pixel (fbevents.js) behind the cookie consent (issue 22 §7). Nothing loads
 * and nothing is kept before the shopper accepts analytics cookies and a GA4_ID / META_PIXEL_ID
 * public setting is set: until then `track` drops its event. The ids come from the settings
 * (configureAnalytics, from the shop layout); an event tracked in the same moment the page starts,
 * before they are known, waits for them only when consent was already given.
 */
type Gtag = (...args: unknown[]) => void;
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  fbq?: Fbq;
  _fbq?: Fbq;
}

const state = {
  configured: false,
  ga4: '',
  pixel: '',
  loaded: { ga4: '', pixel: '' },
  /** Events of the first moment, with consent given, before the ids are known. */
  early: [] as CommerceEvent[],
};

const GA4_ID = /^G-[A-Z0-9]{4,20}$/i;
const PIXEL_ID = /^\d{5,20}$/;

export const ANALYTICS_SRC = {
  ga4: (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  pixel: 'https://connect.facebook.net/en_US/fbevents.js',
};

const win = () => window as unknown as AnalyticsWindow;
const consented = () => readConsent()?.analytics === true;

/**
 * Whether the shop measures at all: a valid GA4 or Meta Pixel id in the settings. Without one there
 * is nothing to consent to, so neither the banner nor the footer's Cookie 設定 is shown.
 */
export function analyticsConfigured(ga4Id: string | undefined, pixelId: string | undefined): boolean {
  return GA4_ID.test((ga4Id ?? '').trim()) || PIXEL_ID.test((pixelId ?? '').trim());
}

/** On: consent given and at least one id set. */
export function analyticsEnabled(): boolean {
  return consented() && state.configured && (state.ga4 !== '' || state.pixel !== '');
}

function addScript(src: string) {
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  s.dataset.analytics = 'true';
  document.head.append(s);
}

function loadGa4(id: string) {
  if (state.loaded.ga4 === id) return;
  state.loaded.ga4 = id;
  const w = win();
  w.dataLayer ??= [];
  const layer = w.dataLayer;
  // gtag.js reads the `arguments` objects it is given (its documented snippet).
  w.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', id);
  addScript(ANALYTICS_SRC.ga4(id));
}

function loadPixel(id: string) {
  if (state.loaded.pixel === id) return;
  state.loaded.pixel = id;
  const w = win();
  if (!w.fbq) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as Fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.queue = [];
    w.fbq = fbq;
    w._fbq = fbq;
    addScript(ANALYTICS_SRC.pixel);
  }
  w.fbq('init', id);
  w.fbq('track', 'PageView');
}

function start() {
  if (!analyticsEnabled()) return;
  if (state.ga4) loadGa4(state.ga4);
  if (state.pixel) loadPixel(state.pixel);
}

function send(e: CommerceEvent) {
  start();
  const w = win();
  if (state.ga4 && w.gtag) w.gtag('event', e.name, e.params);
  if (state.pixel && w.fbq) {
    const m = toMetaPixel(e);
    w.fbq('track', m.name, m.params);
  }
}

/** Sends an e-commerce event when analytics are on; otherwise it is dropped (never queued before consent). */
export function track(e: CommerceEvent): void {
  if (!consented()) return;
  if (!state.configured) {
    if (state.early.length < 10) state.early.push(e);
    return;
  }
  if (analyticsEnabled()) send(e);
}

/** The ids from the public settings ('' = off); loads the tags at once when consent was given. */
export function configureAnalytics(ga4Id: string | undefined, pixelId: string | undefined): void {
  const ga4 = (ga4Id ?? '').trim();
  const pixel = (pixelId ?? '').trim();
  state.ga4 = GA4_ID.test(ga4) ? ga4 : '';
  state.pixel = PIXEL_ID.test(pixel) ? pixel : '';
  state.configured = true;
  start();
  const early = state.early.splice(0);
  if (analyticsEnabled()) for (const e of early) send(e);
}

// A choice made in this tab: accepting loads the tags; withdrawing tells them to stop using cookies.
onConsent((c) => {
  const w = win();
  if (c.analytics) {
    w.gtag?.('consent', 'update', { analytics_storage: 'granted' });
    w.fbq?.('consent', 'grant');
    start();
    return;
  }
  state.early = [];
  w.gtag?.('consent', 'update', { analytics_storage: 'denied', ad_storage: 'denied' });
  w.fbq?.('consent', 'revoke');
});

/** Test seam: forget the ids, what was loaded and the early events. */
export function resetAnalyticsForTests(): void {
  state.configured = false;
  state.ga4 = '';
  state.pixel = '';
  state.loaded = { ga4: '', pixel: '' };
  state.early = [];
  const w = win();
  delete w.gtag;
  delete w.dataLayer;
  delete w.fbq;
  delete w._fbq;
  for (const s of document.querySelectorAll('script[data-analytics]')) s.remove();
}
