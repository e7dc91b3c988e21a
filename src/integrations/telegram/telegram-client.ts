import { StaffAlertError, StaffAlertSender } from './staff-alert-sender';

export const TELEGRAM_TEXT_MAX = 4096;

export interface TelegramClientOptions {
  /** Bot API base, e.g. `https://api.telegram.org` or the simulator's. */
  apiUrl: string;
  /** `123456:ABC…`; only ever put in the request path, never in errors or logs. */
  token: string;
  timeoutMs?: number;
}

/**
 * Cuts text to at most `max` UTF-16 code units (Telegram's 4096 limit), never inside a surrogate
 * pair, ending with "…" when cut.
 */
export function cutTelegramText(text: string, max = TELEGRAM_TEXT_MAX): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // high surrogate: keep the pair whole
  return text.slice(0, end) + '…';
}

interface BotAnswer {
  ok?: boolean;
  result?: { message_id?: number };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Telegram Bot API `sendMessage` over JSON (PROVIDERS.md §6). */
export class TelegramClient implements StaffAlertSender {
  private readonly base: string;

  constructor(private readonly opts: TelegramClientOptions) {
    this.base = opts.apiUrl.replace(/\/+$/, '');
  }

  async send(chatId: string | number, text: string, options: { parseMode?: 'HTML' | 'MarkdownV2' } = {}): Promise<{ messageId: number }> {
    if ((typeof chatId !== 'string' && typeof chatId !== 'number') || String(chatId).trim() === '') {
      throw new StaffAlertError('Telegram chat id is empty', null, false);
    }
    if (typeof text !== 'string' || text.trim() === '') throw new StaffAlertError('Telegram message text is empty', null, false);
    const body: Record<string, unknown> = { chat_id: chatId, text: cutTelegramText(text) };
    if (options.parseMode) body.parse_mode = options.parseMode;

    let res: Response;
    try {
      res = await fetch(`${this.base}/bot${this.opts.token}/sendMessage`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10000),
      });
    } catch (err) {
      throw new StaffAlertError(`Telegram unreachable: ${this.scrub((err as Error).message)}`, null, true);
    }
    let answer: BotAnswer | null = null;
    try {
      answer = (await res.json()) as BotAnswer;
    } catch {
      answer = null;
    }
    if (answer?.ok === true && typeof answer.result?.message_id === 'number') return { messageId: answer.result.message_id };

    const code = typeof answer?.error_code === 'number' ? answer.error_code : res.status;
    const description = this.scrub(typeof answer?.description === 'string' ? answer.description : `HTTP ${res.status}`);
    if (code === 429) {
      const after = Number(answer?.parameters?.retry_after);
      const retryAfter = Number.isFinite(after) && after > 0 ? after : 1;
      throw new StaffAlertError(`Telegram rate limit: retry after ${retryAfter} s`, 429, true, retryAfter);
    }
    if (res.ok && answer?.ok === true) throw new StaffAlertError('Telegram answered without a message id', null, true);
    throw new StaffAlertError(`Telegram sendMessage refused: ${code} ${description}`, code, code >= 500 || (answer === null && res.ok));
  }

  /** Removes the token from any text that might echo the URL. */
  private scrub(s: string): string {
    return this.opts.token ? s.split(this.opts.token).join('***') : s;
  }
}
