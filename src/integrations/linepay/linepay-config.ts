/**
 * LINE Pay settings as `AppConfig.linepay` holds them (declared and validated in
 * src/config/env.schema.ts):
 * - `LINEPAY_API_URL`: the API host (`https://sandbox-api-pay.line.me` or the production one).
 *   Unset → the embedded simulator answers (`driver: 'simulator'`, `apiUrl` null).
 * - `LINEPAY_CHANNEL_ID` (digits), `LINEPAY_CHANNEL_SECRET` (≥ 16 characters): required with a
 *   URL; without one, unset values take the simulator's development values below.
 * - `LINEPAY_TIMEOUT_MS` (default 20000) bounds each call.
 */
export interface LinePayConfig {
  driver: 'linepay' | 'simulator';
  /** Base URL without trailing slash; null = the embedded simulator (the app supplies its URL). */
  apiUrl: string | null;
  channelId: string;
  channelSecret: string;
  timeoutMs: number;
}

/** Development credentials of the embedded simulator (not secrets: nothing real accepts them). */
export const SIMULATOR_CHANNEL_ID = '1656000000';
export const SIMULATOR_CHANNEL_SECRET = 'linepay-simulator-channel-secret';
export const DEFAULT_LINEPAY_TIMEOUT_MS = 20000;
