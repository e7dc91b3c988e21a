import { loadJson, saveJson } from '../lib/storage';

/** The shopper's cookie choice, kept in localStorage `ss_consent` (issue 22 §7). */
export interface ConsentChoice {
  analytics: boolean;
  /** ISO time of the choice. */
  at: string;
}

export const CONSENT_KEY = 'ss_consent';

export function readConsent(): ConsentChoice | null {
  const v = loadJson<Partial<ConsentChoice>>(CONSENT_KEY);
  return v && typeof v === 'object' && typeof v.analytics === 'boolean' ? { analytics: v.analytics, at: typeof v.at === 'string' ? v.at : '' } : null;
}

const listeners = new Set<(c: ConsentChoice) => void>();

export function saveConsent(analytics: boolean): ConsentChoice {
  const choice = { analytics, at: new Date().toISOString() };
  saveJson(CONSENT_KEY, choice);
  for (const l of listeners) l(choice);
  return choice;
}

/** Called on every choice made in this tab. */
export function onConsent(listener: (c: ConsentChoice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the cookie settings again (the footer's Cookie 設定; the banner listens). */
export const CONSENT_SETTINGS_EVENT = 'ss:consent-settings';
let settingsAsked = false;
export const openConsentSettings = (): void => {
  // Kept until the banner takes it: its code loads after the first screen, maybe after the click.
  settingsAsked = true;
  window.dispatchEvent(new Event(CONSENT_SETTINGS_EVENT));
};
/** Whether Cookie 設定 was asked for and not yet shown (the banner asks on mount and on the event). */
export const takeSettingsRequest = (): boolean => {
  const asked = settingsAsked;
  settingsAsked = false;
  return asked;
};
