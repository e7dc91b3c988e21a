/**
 * LINE Messaging API settings as `AppConfig.providers.lineMessaging` holds them (declared and
 * validated in src/config/env.schema.ts). They belong to the shop's Messaging API channel (its
 * LINE Official Account), not to LINE Login's LINE_CHANNEL_ID / LINE_CHANNEL_SECRET:
 * - `LINE_MESSAGING_API_URL`: the API base (`https://api.line.me`). Unset → the embedded simulator
 *   (`driver: 'simulator'`, `apiUrl` null; the app supplies its loopback URL).
 * - `LINE_MESSAGING_ACCESS_TOKEN`: the channel access token (Bearer), required with a URL.
 * - `LINE_MESSAGING_CHANNEL_SECRET`: signs the webhook (X-Line-Signature), required with a URL.
 */
export interface LineMessagingConfig {
  driver: 'line' | 'simulator';
  apiUrl: string | null;
  accessToken: string;
  channelSecret: string;
}

/** Development credentials of the embedded simulator (not secrets: nothing real accepts them). */
export const SIMULATOR_LINE_ACCESS_TOKEN = 'line-messaging-simulator-access-token';
export const SIMULATOR_LINE_CHANNEL_SECRET = 'line-messaging-simulator-channel-secret';
