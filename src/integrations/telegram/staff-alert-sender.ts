/**
 * Staff alerts (new order, paid, cancelled, refund request, contact form, failed job) as chat
 * messages. Implementation: Telegram Bot API `sendMessage` (`TelegramClient`, PROVIDERS.md §6).
 */
export interface StaffAlertSender {
  /**
   * Sends plain text (no parse_mode unless asked) to a chat; text over 4096 characters is cut.
   * Throws StaffAlertError on failure.
   */
  send(chatId: string | number, text: string, options?: { parseMode?: 'HTML' | 'MarkdownV2' }): Promise<{ messageId: number }>;
}

export const STAFF_ALERT_SENDER = Symbol('STAFF_ALERT_SENDER');

/**
 * The Bot API refused (`ok:false`, `errorCode` = its `error_code`) or was unreachable
 * (`errorCode` null). On 429 `retryAfter` holds `parameters.retry_after` seconds: the job should
 * wait that long. `retryable` tells the job whether another attempt may succeed. Messages never
 * contain the bot token.
 */
export class StaffAlertError extends Error {
  constructor(
    message: string,
    readonly errorCode: number | null,
    readonly retryable: boolean,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'StaffAlertError';
  }
}
