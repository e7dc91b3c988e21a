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

/**
 * Whether the shop talks to members on LINE at all. A production shop without LINE_MESSAGING_API_URL
 * (and without PROVIDER_SIMULATORS=true) has no Official Account to push from: nobody counts as a
 * friend, so order news goes by SMS (a push to the in-memory simulator would be lost), and the
 * webhook, whose simulator secret is public, refuses every call.
 */
export function lineMessagingOn(p: { lineMessaging: LineMessagingConfig; simulatorsInProduction: boolean }, isProduction: boolean): boolean {
  return p.lineMessaging.driver === 'line' || !isProduction || p.simulatorsInProduction;
}
