/**
 * LINE Pay settings from the environment (issue 10):
 * - `LINEPAY_API_URL`: the API host (`https://sandbox-api-pay.line.me` or the production one),
 *   http(s), no trailing path needed. Unset → the embedded simulator answers (`mode: 'simulator'`).
 * - `LINEPAY_CHANNEL_ID`: digits. Required when `LINEPAY_API_URL` is set.
 * - `LINEPAY_CHANNEL_SECRET`: ≥ 16 characters. Required when `LINEPAY_API_URL` is set.
 * With no URL, missing id/secret take the simulator's development values below.
 * `LINEPAY_TIMEOUT_MS` (optional, default 20000) bounds each call.
 */
export interface LinePayConfig {
  mode: 'live' | 'simulator';
  /** Base URL without trailing slash; empty in simulator mode (the app supplies its own URL). */
  apiUrl: string;
  channelId: string;
  channelSecret: string;
  timeoutMs: number;
}

export const LINEPAY_CONFIG = Symbol('LINEPAY_CONFIG');

/** Development credentials of the embedded simulator (not secrets: nothing real accepts them). */
export const SIMULATOR_CHANNEL_ID = '1656000000';
export const SIMULATOR_CHANNEL_SECRET = 'linepay-simulator-channel-secret';
export const DEFAULT_LINEPAY_TIMEOUT_MS = 20000;

export class LinePayConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinePayConfigError';
  }
}

export function readLinePayConfig(env: Record<string, string | undefined> = process.env): LinePayConfig {
  const apiUrl = (env.LINEPAY_API_URL ?? '').trim().replace(/\/+$/, '');
  const channelId = (env.LINEPAY_CHANNEL_ID ?? '').trim();
  const channelSecret = (env.LINEPAY_CHANNEL_SECRET ?? '').trim();
  const timeoutRaw = (env.LINEPAY_TIMEOUT_MS ?? '').trim();
  const timeoutMs = timeoutRaw === '' ? DEFAULT_LINEPAY_TIMEOUT_MS : Number(timeoutRaw);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1000 || timeoutMs > 120000) {
    throw new LinePayConfigError('LINEPAY_TIMEOUT_MS must be an integer between 1000 and 120000');
  }
  if (channelId !== '' && !/^\d{1,20}$/.test(channelId)) {
    throw new LinePayConfigError('LINEPAY_CHANNEL_ID must be digits');
  }
  if (channelSecret !== '' && channelSecret.length < 16) {
    throw new LinePayConfigError('LINEPAY_CHANNEL_SECRET is too short');
  }
  if (apiUrl === '') {
    return {
      mode: 'simulator',
      apiUrl: '',
      channelId: channelId || SIMULATOR_CHANNEL_ID,
      channelSecret: channelSecret || SIMULATOR_CHANNEL_SECRET,
      timeoutMs,
    };
  }
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new LinePayConfigError('LINEPAY_API_URL must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new LinePayConfigError('LINEPAY_API_URL must be an absolute http(s) URL');
  }
  if (channelId === '' || channelSecret === '') {
    throw new LinePayConfigError('LINEPAY_CHANNEL_ID and LINEPAY_CHANNEL_SECRET are required with LINEPAY_API_URL');
  }
  return { mode: 'live', apiUrl, channelId, channelSecret, timeoutMs };
}
