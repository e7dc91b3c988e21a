import { HTTPFetchError, messagingApi } from '@line/bot-sdk';

/** LINE's limits on a push (Messaging API reference): 1–5 messages, a text of at most 5000 characters. */
export const LINE_TEXT_MAX = 5000;
export const LINE_MESSAGES_MAX = 5;

/** A push LINE refused or that never reached it; `retryable` tells the job whether to try again. */
export class LinePushError extends Error {
  constructor(
    message: string,
    /** HTTP status, null when LINE was unreachable. */
    readonly status: number | null,
    readonly retryable: boolean,
    /**
     * LINE cannot deliver to this user id ("Failed to send messages": an id it does not know, e.g.
     * a user who left or an id of another provider): the member is no longer reachable on LINE.
     */
    readonly unreachableUser = false,
  ) {
    super(message);
    this.name = 'LinePushError';
  }
}

/** What a push came to: `sent` (accepted now) or `accepted-before` (409: this retry key was accepted already). */
export type LinePushResult = 'sent' | 'accepted-before';

/** Pushes text messages to LINE users (the shop's Official Account). */
export interface LinePusher {
  push(to: string, texts: string[], retryKey: string): Promise<LinePushResult>;
}

export const LINE_PUSHER = Symbol('LINE_PUSHER');

/** Cuts a text to LINE's 5000 characters (never inside a surrogate pair), ending with "…" when cut. */
export function cutLineText(text: string, max = LINE_TEXT_MAX): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + '…';
}

/**
 * The real client: @line/bot-sdk's MessagingApiClient (`POST {base}/v2/bot/message/push` with the
 * channel access token and `X-Line-Retry-Key`), pointed at LINE or at the simulator (`baseURL`).
 * 409 (the key was accepted before) counts as sent; 429 and 5xx / network failures are retryable;
 * 400 "Failed to send messages" means the user id cannot be reached. The token never appears in errors.
 */
export class LineMessagingClient implements LinePusher {
  private readonly api: messagingApi.MessagingApiClient;

  constructor(private readonly opts: { apiUrl: string; accessToken: string }) {
    this.api = new messagingApi.MessagingApiClient({ channelAccessToken: opts.accessToken, baseURL: opts.apiUrl.replace(/\/+$/, '') });
  }

  async push(to: string, texts: string[], retryKey: string): Promise<LinePushResult> {
    if (!to) throw new LinePushError('LINE push without a user id', null, false);
    const messages = texts.filter((t) => t.trim() !== '').slice(0, LINE_MESSAGES_MAX).map((t) => ({ type: 'text' as const, text: cutLineText(t) }));
    if (messages.length === 0) throw new LinePushError('LINE push without text', null, false);
    try {
      await this.api.pushMessage({ to, messages }, retryKey);
      return 'sent';
    } catch (err) {
      if (!(err instanceof HTTPFetchError)) throw new LinePushError(`LINE unreachable: ${this.scrub((err as Error).message)}`, null, true);
      if (err.status === 409) return 'accepted-before';
      const message = this.errorMessage(err.body);
      const what = `LINE push answered ${err.status}${message ? ` ${message}` : ''}`;
      if (err.status === 429 || err.status >= 500) throw new LinePushError(what, err.status, true);
      throw new LinePushError(what, err.status, false, err.status === 400 && /failed to send messages/i.test(message));
    }
  }

  private errorMessage(body: string): string {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      return typeof parsed.message === 'string' ? this.scrub(parsed.message).slice(0, 200) : '';
    } catch {
      return '';
    }
  }

  private scrub(s: string): string {
    return this.opts.accessToken ? s.split(this.opts.accessToken).join('***') : s;
  }
}
