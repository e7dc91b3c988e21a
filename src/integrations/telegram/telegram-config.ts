/**
 * Telegram settings from the environment (issue 11): TELEGRAM_API_URL, TELEGRAM_BOT_TOKEN,
 * TELEGRAM_CHAT_ID. With TELEGRAM_API_URL unset the embedded simulator (its outbox) receives the
 * staff alerts (`driver: 'simulator'`), like every provider of issue 10.
 */
export interface TelegramConfig {
  driver: 'telegram' | 'simulator';
  /** Bot API base without a trailing slash; null for the embedded simulator (the app mounts it). */
  apiUrl: string | null;
  token: string;
  /** The staff chat (numeric id, negative for groups, or @channelname). */
  chatId: string;
}

export const TELEGRAM_CONFIG = Symbol('TELEGRAM_CONFIG');

export const SIMULATOR_BOT_TOKEN = '123456:simulator-token-simulator-token-00';
export const SIMULATOR_CHAT_ID = '-1001234567890';

const TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

export class TelegramConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TelegramConfigError';
  }
}

/** Reads and validates the Telegram variables; errors name the variable, never the token. */
export function readTelegramConfig(env: NodeJS.ProcessEnv = process.env): TelegramConfig {
  const url = env.TELEGRAM_API_URL?.trim() || '';
  const token = env.TELEGRAM_BOT_TOKEN?.trim() || '';
  const chatId = env.TELEGRAM_CHAT_ID?.trim() || '';
  if (token !== '' && !TOKEN.test(token)) throw new TelegramConfigError('TELEGRAM_BOT_TOKEN must look like 123456789:AA… (digits, colon, key)');
  if (chatId !== '' && !CHAT_ID.test(chatId)) throw new TelegramConfigError('TELEGRAM_CHAT_ID must be a numeric chat id or @channelname');
  if (url === '') {
    return { driver: 'simulator', apiUrl: null, token: token || SIMULATOR_BOT_TOKEN, chatId: chatId || SIMULATOR_CHAT_ID };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TelegramConfigError('TELEGRAM_API_URL must be an http(s) URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new TelegramConfigError('TELEGRAM_API_URL must be an http(s) URL');
  if (token === '') throw new TelegramConfigError('TELEGRAM_BOT_TOKEN is required when TELEGRAM_API_URL is set');
  if (chatId === '') throw new TelegramConfigError('TELEGRAM_CHAT_ID is required when TELEGRAM_API_URL is set');
  return { driver: 'telegram', apiUrl: url.replace(/\/+$/, ''), token, chatId };
}
