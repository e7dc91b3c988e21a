import { isTaxId } from '../../common/validation/taiwan';

/**
 * Amego settings from the environment (issue 10): AMEGO_API_URL, AMEGO_TAX_ID, AMEGO_APP_KEY.
 * With AMEGO_API_URL unset the app's embedded Amego simulator answers (`driver: 'simulator'`),
 * signing with the same tax id and key (dev defaults below when those are unset too).
 */
export interface AmegoConfig {
  driver: 'amego' | 'simulator';
  /** Base URL without a trailing slash; null for the embedded simulator (the app mounts it). */
  apiUrl: string | null;
  taxId: string;
  appKey: string;
}

export const AMEGO_CONFIG = Symbol('AMEGO_CONFIG');

/** Seller tax id and key the embedded simulator uses when none are configured (a valid 統一編號). */
export const SIMULATOR_TAX_ID = '12345675';
export const SIMULATOR_APP_KEY = 'amego-simulator-app-key';

export class AmegoConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmegoConfigError';
  }
}

/** Reads and validates the Amego variables; throws AmegoConfigError naming the variable (never its value). */
export function readAmegoConfig(env: NodeJS.ProcessEnv = process.env): AmegoConfig {
  const url = env.AMEGO_API_URL?.trim() || '';
  const taxId = env.AMEGO_TAX_ID?.trim() || '';
  const appKey = env.AMEGO_APP_KEY?.trim() || '';
  if (taxId !== '' && !isTaxId(taxId)) throw new AmegoConfigError('AMEGO_TAX_ID must be a valid 8-digit 統一編號');
  if (url === '') {
    return { driver: 'simulator', apiUrl: null, taxId: taxId || SIMULATOR_TAX_ID, appKey: appKey || SIMULATOR_APP_KEY };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AmegoConfigError('AMEGO_API_URL must be an http(s) URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new AmegoConfigError('AMEGO_API_URL must be an http(s) URL');
  if (taxId === '') throw new AmegoConfigError('AMEGO_TAX_ID is required when AMEGO_API_URL is set');
  if (appKey === '') throw new AmegoConfigError('AMEGO_APP_KEY is required when AMEGO_API_URL is set');
  return { driver: 'amego', apiUrl: url.replace(/\/+$/, ''), taxId, appKey };
}
