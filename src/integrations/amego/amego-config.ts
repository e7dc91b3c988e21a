/**
 * Amego settings as `AppConfig.amego` holds them (declared and validated in
 * src/config/env.schema.ts: AMEGO_API_URL, AMEGO_TAX_ID, AMEGO_APP_KEY). With AMEGO_API_URL unset
 * the app's embedded Amego simulator answers (`driver: 'simulator'`), signing with the same tax id
 * and key (the dev defaults below when those are unset too).
 */
export interface AmegoConfig {
  driver: 'amego' | 'simulator';
  /** Base URL without a trailing slash; null for the embedded simulator (the app mounts it). */
  apiUrl: string | null;
  taxId: string;
  appKey: string;
}

/** Seller tax id and key the embedded simulator uses when none are configured (a valid 統一編號). */
export const SIMULATOR_TAX_ID = '12345675';
export const SIMULATOR_APP_KEY = 'amego-simulator-app-key';
