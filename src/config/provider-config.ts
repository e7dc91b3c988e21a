import type { AiConfig } from '../integrations/ai/ai-config';
import { DEFAULT_AI_MODEL, DEFAULT_AI_TIMEOUT_MS, SIMULATOR_AI_KEY } from '../integrations/ai/ai-config';
import type { AmegoConfig } from '../integrations/amego/amego-config';
import { SIMULATOR_APP_KEY, SIMULATOR_TAX_ID } from '../integrations/amego/amego-config';
import type { LinePayConfig } from '../integrations/linepay/linepay-config';
import { SIMULATOR_CHANNEL_ID, SIMULATOR_CHANNEL_SECRET } from '../integrations/linepay/linepay-config';
import { normaliseApiUrl, PayuniSettings, SIMULATOR_HASH_IV, SIMULATOR_HASH_KEY, SIMULATOR_MER_ID } from '../integrations/payuni/payuni-config';
import type { LineMessagingConfig } from '../integrations/line-messaging/line-messaging-config';
import { SIMULATOR_LINE_ACCESS_TOKEN, SIMULATOR_LINE_CHANNEL_SECRET } from '../integrations/line-messaging/line-messaging-config';
import type { TelegramConfig } from '../integrations/telegram/telegram-config';
import { SIMULATOR_BOT_TOKEN, SIMULATOR_CHAT_ID } from '../integrations/telegram/telegram-config';
import type { EnvVars } from './env.schema';

/**
 * The providers' settings (`AppConfig.payuni`, `.linepay`, `.amego`, `.telegram`), shaped from
 * the validated environment. A provider without a URL is the embedded simulator (`driver:
 * 'simulator'`, `apiUrl: null`), using the configured credentials or, where unset, demo values.
 */
export interface ProvidersConfig {
  payuni: PayuniSettings;
  linepay: LinePayConfig;
  amego: AmegoConfig;
  telegram: TelegramConfig;
  /** The shop's LINE Official Account (Messaging API: pushes and the webhook; issue 22 §2). */
  lineMessaging: LineMessagingConfig;
  /** The editor's AI rewrite (OpenAI-compatible chat completions). */
  ai: AiConfig;
  /** PROVIDER_SIMULATORS=true: the simulators may serve in production (a demo, the bench). */
  simulatorsInProduction: boolean;
}

const noSlash = (url: string) => url.replace(/\/+$/, '');

export function providersConfigOf(env: EnvVars): ProvidersConfig {
  return {
    payuni: {
      driver: env.PAYUNI_API_URL ? 'payuni' : 'simulator',
      apiUrl: env.PAYUNI_API_URL ? normaliseApiUrl(env.PAYUNI_API_URL) : null,
      merId: env.PAYUNI_MER_ID ?? SIMULATOR_MER_ID,
      hashKey: env.PAYUNI_HASH_KEY ?? SIMULATOR_HASH_KEY,
      hashIv: env.PAYUNI_HASH_IV ?? SIMULATOR_HASH_IV,
    },
    linepay: {
      driver: env.LINEPAY_API_URL ? 'linepay' : 'simulator',
      apiUrl: env.LINEPAY_API_URL ? noSlash(env.LINEPAY_API_URL) : null,
      channelId: env.LINEPAY_CHANNEL_ID ?? SIMULATOR_CHANNEL_ID,
      channelSecret: env.LINEPAY_CHANNEL_SECRET ?? SIMULATOR_CHANNEL_SECRET,
      timeoutMs: env.LINEPAY_TIMEOUT_MS,
    },
    amego: {
      driver: env.AMEGO_API_URL ? 'amego' : 'simulator',
      apiUrl: env.AMEGO_API_URL ? noSlash(env.AMEGO_API_URL) : null,
      taxId: env.AMEGO_TAX_ID ?? SIMULATOR_TAX_ID,
      appKey: env.AMEGO_APP_KEY ?? SIMULATOR_APP_KEY,
    },
    telegram: {
      driver: env.TELEGRAM_API_URL ? 'telegram' : 'simulator',
      apiUrl: env.TELEGRAM_API_URL ? noSlash(env.TELEGRAM_API_URL) : null,
      token: env.TELEGRAM_BOT_TOKEN ?? SIMULATOR_BOT_TOKEN,
      chatId: env.TELEGRAM_CHAT_ID ?? SIMULATOR_CHAT_ID,
      batchMs: env.STAFF_ALERT_BATCH_MS,
    },
    lineMessaging: {
      driver: env.LINE_MESSAGING_API_URL ? 'line' : 'simulator',
      apiUrl: env.LINE_MESSAGING_API_URL ? noSlash(env.LINE_MESSAGING_API_URL) : null,
      accessToken: env.LINE_MESSAGING_ACCESS_TOKEN ?? SIMULATOR_LINE_ACCESS_TOKEN,
      channelSecret: env.LINE_MESSAGING_CHANNEL_SECRET ?? SIMULATOR_LINE_CHANNEL_SECRET,
    },
    ai: {
      driver: env.AI_API_URL ? 'openai' : 'simulator',
      apiUrl: env.AI_API_URL ? noSlash(env.AI_API_URL) : null,
      apiKey: env.AI_API_KEY ?? SIMULATOR_AI_KEY,
      model: env.AI_MODEL || DEFAULT_AI_MODEL,
      dailyQuota: env.AI_DAILY_QUOTA,
      timeoutMs: DEFAULT_AI_TIMEOUT_MS,
    },
    simulatorsInProduction: env.PROVIDER_SIMULATORS === 'true',
  };
}
