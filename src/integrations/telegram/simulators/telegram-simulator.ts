import express, { Request, Response, Router } from 'express';
import { listenOnLoopback } from '../../simulators/listen';
import { safeEqual } from '../../../common/crypto/safe-equal';

export interface TelegramSimulatorOptions {
  /** The bot token the simulator accepts in `/bot<token>/...`. */
  token: string;
  /** When given, only these chats exist (others: 400 "chat not found"). */
  chats?: Array<string | number>;
  now?: () => number;
}

export interface SimulatedMessage {
  messageId: number;
  chatId: string;
  text: string;
  parseMode: string | null;
  date: number;
}

export type TelegramFailure = { retryAfter: number } | { errorCode: number; description?: string } | 'garbage';

export interface TelegramSimulatorControls {
  /** Messages by chat id (as a string), in order: the "simulator outbox". */
  messages: Map<string, SimulatedMessage[]>;
  /** All messages in arrival order. */
  sent(): SimulatedMessage[];
  /** The next sendMessage fails this way (after the token check). */
  failNext(failure: TelegramFailure): void;
  /** While on, every call answers HTTP 502. */
  outage(on: boolean): void;
  reset(): void;
}

export type TelegramSimulator = Router & TelegramSimulatorControls;

const TEXT_MAX = 4096;
const PARSE_MODES = new Set(['HTML', 'Markdown', 'MarkdownV2']);

/**
 * A local Telegram Bot API (PROVIDERS.md §6): `POST /bot<token>/sendMessage` as JSON or form,
 * answering `{ok:true, result:{message_id, from, chat, date, text}}` or `{ok:false, error_code,
 * description}` with that HTTP status (401 bad token, 400 bad request, 429 with
 * `parameters.retry_after`). Messages are kept per chat in memory.
 */
export function createTelegramSimulator(opts: TelegramSimulatorOptions): TelegramSimulator {
  const now = opts.now ?? Date.now;
  const router = Router() as TelegramSimulator;
  const chats = opts.chats ? new Set(opts.chats.map(String)) : null;
  const order: SimulatedMessage[] = [];
  let pending: TelegramFailure[] = [];
  let down = false;
  let nextId = 1;
  const botId = Number(opts.token.split(':')[0]) || 1;

  router.messages = new Map();
  router.sent = () => [...order];
  router.failNext = (f) => void pending.push(f);
  router.outage = (on) => void (down = on);
  router.reset = () => {
    router.messages.clear();
    order.length = 0;
    pending = [];
    down = false;
    nextId = 1;
  };

  const fail = (res: Response, status: number, description: string, extra: Record<string, unknown> = {}) =>
    void res.status(status).json({ ok: false, error_code: status, description, ...extra });

  router.post(
    '/:bot/:method',
    express.json({ limit: '1mb' }),
    express.urlencoded({ extended: false, limit: '1mb' }),
    (req: Request, res: Response) => {
      if (down) return void res.status(502).type('text/html').send('<html>502 Bad Gateway</html>');
      const bot = String(req.params.bot);
      if (!bot.startsWith('bot') || !safeEqual(bot.slice(3), opts.token)) return fail(res, 401, 'Unauthorized');
      if (req.params.method !== 'sendMessage') return fail(res, 404, 'Not Found: method not found');

      const failure = pending.shift();
      if (failure === 'garbage') return void res.status(200).type('text/html').send('<html>oops</html>');
      if (failure && 'retryAfter' in failure) {
        return fail(res, 429, `Too Many Requests: retry after ${failure.retryAfter}`, { parameters: { retry_after: failure.retryAfter } });
      }
      if (failure) return fail(res, failure.errorCode, failure.description ?? 'Bad Request: simulated failure');

      const body = (req.body ?? {}) as Record<string, unknown>;
      const chatId = body.chat_id === undefined || body.chat_id === null ? '' : String(body.chat_id as string | number);
      const text = typeof body.text === 'string' ? body.text : '';
      const parseMode = typeof body.parse_mode === 'string' && body.parse_mode !== '' ? body.parse_mode : null;
      if (chatId === '') return fail(res, 400, 'Bad Request: chat_id is empty');
      if (chats && !chats.has(chatId)) return fail(res, 400, 'Bad Request: chat not found');
      if (text.trim() === '') return fail(res, 400, 'Bad Request: message text is empty');
      if (text.length > TEXT_MAX) return fail(res, 400, 'Bad Request: message is too long');
      if (parseMode !== null && !PARSE_MODES.has(parseMode)) return fail(res, 400, `Bad Request: unsupported parse_mode "${parseMode}"`);

      const msg: SimulatedMessage = { messageId: nextId++, chatId, text, parseMode, date: Math.floor(now() / 1000) };
      const list = router.messages.get(chatId) ?? [];
      list.push(msg);
      router.messages.set(chatId, list);
      order.push(msg);
      res.json({
        ok: true,
        result: {
          message_id: msg.messageId,
          from: { id: botId, is_bot: true, first_name: 'Skinshop Simulator Bot', username: 'skinshop_sim_bot' },
          chat: /^-?\d+$/.test(chatId) ? { id: Number(chatId), type: chatId.startsWith('-') ? 'group' : 'private' } : { id: -1, title: chatId, type: 'channel' },
          date: msg.date,
          text,
        },
      });
    },
  );

  return router;
}

export interface StartedTelegramSimulator extends TelegramSimulatorControls {
  /** Base URL for TELEGRAM_API_URL. */
  url: string;
  close(): Promise<void>;
}

/** Listens on a free 127.0.0.1 port (tests). */
export async function startTelegramSimulator(opts: Partial<TelegramSimulatorOptions> = {}): Promise<StartedTelegramSimulator> {
  const sim = createTelegramSimulator({ ...opts, token: opts.token ?? '123456:simulator-token-simulator-token-00' });
  const listening = await listenOnLoopback(sim);
  return {
    url: listening.url,
    messages: sim.messages,
    sent: sim.sent,
    failNext: sim.failNext,
    outage: sim.outage,
    reset: sim.reset,
    close: listening.close,
  };
}
