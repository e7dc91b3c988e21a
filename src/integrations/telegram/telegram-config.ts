/**
 * Telegram settings as `AppConfig.telegram` holds them (declared and validated in
 * src/config/env.schema.ts: TELEGRAM_API_URL, TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID). With
 * TELEGRAM_API_URL unset the embedded simulator (its outbox) receives the staff alerts
 * (`driver: 'simulator'`), like every provider of issue 10.
 */
export interface TelegramConfig {
  driver: 'telegram' | 'simulator';
  /** Bot API base without a trailing slash; null for the embedded simulator (the app mounts it). */
  apiUrl: string | null;
  token: string;
  /** The staff chat (numeric id, negative for groups, or @channelname). */
  chatId: string;
  /** Alerts within this many ms of the first are sent as one message (STAFF_ALERT_BATCH_MS; 0: one each). */
  batchMs: number;
}

export const SIMULATOR_BOT_TOKEN = '123456:simulator-token-simulator-token-00';
export const SIMULATOR_CHAT_ID = '-1001234567890';

/** Bot token: digits, a colon, the key. */
export const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
/** A numeric chat id (negative for groups) or @channelname. */
export const TELEGRAM_CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
