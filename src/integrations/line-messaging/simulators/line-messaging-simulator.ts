import express, { Request, Response, Router } from 'express';
import { escapeHtml } from '../../../common/html/escape-html';
import { lineSimPage } from '../../simulators/line-sim-page';
import { randomBytes, randomUUID } from 'node:crypto';
import { safeEqual } from '../../../common/crypto/safe-equal';
import { listenOnLoopback } from '../../simulators/listen';
import { lineSignature } from '../line-signature';

export interface LineMessagingSimulatorOptions {
  /** The channel access token the simulator accepts as `Authorization: Bearer …`. */
  accessToken: string;
  /** Signs the webhooks it sends (X-Line-Signature). */
  channelSecret: string;
  /** Where follow / unfollow webhooks go (the shop's /api/line/webhook); settable later. */
  webhookUrl?: string;
  now?: () => number;
}

/** A LINE user as the simulated Official Account knows them. */
export interface SimLineUser {
  userId: string;
  displayName: string;
  /** A friend now (followed and not blocked). */
  friend: boolean;
}

/** One text message pushed to a user; `delivered` false when the user had blocked the account (LINE answers 200 and drops it). */
export interface SimLineMessage {
  id: string;
  to: string;
  text: string;
  retryKey: string | null;
  delivered: boolean;
  at: number;
}

export type LineFailure = { status: number; message?: string };

export interface LineMessagingSimulatorControls {
  users: Map<string, SimLineUser>;
  /** Every pushed message in arrival order (also those dropped for a blocked user). */
  messages: SimLineMessage[];
  /** Messages a user received (delivered only). */
  received(userId: string): SimLineMessage[];
  /** Push requests answered, with their status (409 repeats included). */
  calls: { to: string; retryKey: string | null; status: number }[];
  /** The user adds the Official Account as a friend (or unblocks it): a signed `follow` webhook to the shop. Resolves with the shop's HTTP status. */
  follow(userId: string, displayName?: string): Promise<number>;
  /** The user blocks the account: a signed `unfollow` webhook. */
  unfollow(userId: string): Promise<number>;
  /** A LINE user the account knows without a webhook (e.g. one who logged in with LINE and never befriended it). */
  addUser(userId: string, displayName?: string): SimLineUser;
  /** The next push answers this way (after the token check). */
  failNext(f: LineFailure): void;
  /** While on, every push answers 500. */
  outage(on: boolean): void;
  setWebhookUrl(url: string): void;
  webhookTarget(): string | undefined;
  reset(): void;
}

export type LineMessagingSimulator = Router &
  LineMessagingSimulatorControls & {
    /**
     * The push endpoint alone (POST /), to mount at `/v2/bot/message/push` of an origin: @line/bot-sdk
     * resolves its paths against the origin of its baseURL, so its base cannot carry a path prefix.
     */
    pushApi: Router;
  };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TEXT_MAX = 5000;

/**
 * A local LINE Messaging API (PROVIDERS.md §6b), speaking the protocol the real client uses:
 *
 * - `POST /v2/bot/message/push` with `Authorization: Bearer <token>` (else 401), JSON `{to, messages
 *   [1–5 text], notificationDisabled?}` (else 400 "The request body has n error(s)"), and an optional
 *   `X-Line-Retry-Key` (a UUID, else 400): a repeat of an accepted key answers 409 "The retry key is
 *   already accepted" with `X-Line-Accepted-Request-Id` and delivers nothing again.
 * - A user id LINE does not know answers 400 "Failed to send messages"; a user who blocked the
 *   account answers 200 and the message is dropped (LINE's FAQ: no error for blocked users — the
 *   `unfollow` webhook is how a shop learns it).
 * - Webhooks: `follow` / `unfollow` events signed with the channel secret, posted to the shop.
 * - A page (GET /) listing each LINE user and their messages, with 加入好友 / 封鎖 buttons and a form to
 *   add a user, so a person (or a browser test) can befriend the shop; `GET /messages.json?to=`.
 */
export function createLineMessagingSimulator(opts: LineMessagingSimulatorOptions): LineMessagingSimulator {
  const now = opts.now ?? Date.now;
  const router = Router() as LineMessagingSimulator;
  const accepted = new Map<string, { requestId: string; sent: { id: string; quoteToken: string }[] }>();
  let pending: LineFailure[] = [];
  let down = false;
  let webhookUrl = opts.webhookUrl;
  let nextId = 1;
  const botUserId = 'U' + 'b07'.padEnd(32, '0');

  router.users = new Map();
  router.messages = [];
  router.calls = [];
  router.received = (userId) => router.messages.filter((m) => m.to === userId && m.delivered);
  router.failNext = (f) => void pending.push(f);
  router.outage = (on) => void (down = on);
  router.setWebhookUrl = (url) => void (webhookUrl = url);
  router.webhookTarget = () => webhookUrl;
  router.reset = () => {
    router.users.clear();
    router.messages.length = 0;
    router.calls.length = 0;
    accepted.clear();
    pending = [];
    down = false;
  };
  router.addUser = (userId, displayName) => {
    const found = router.users.get(userId);
    if (found) return found;
    const user = { userId, displayName: displayName ?? `LINE 使用者 ${userId.slice(-4)}`, friend: false };
    router.users.set(userId, user);
    return user;
  };

  async function sendWebhook(type: 'follow' | 'unfollow', userId: string): Promise<number> {
    if (!webhookUrl) throw new Error('LINE simulator: no webhook URL set');
    const event: Record<string, unknown> = {
      type,
      mode: 'active',
      timestamp: now(),
      source: { type: 'user', userId },
      webhookEventId: randomBytes(13).toString('hex').toUpperCase(),
      deliveryContext: { isRedelivery: false },
    };
    if (type === 'follow') {
      event.replyToken = randomBytes(16).toString('hex');
      event.follow = { isUnblocked: false };
    }
    const body = JSON.stringify({ destination: botUserId, events: [event] });
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Line-Signature': lineSignature(opts.channelSecret, body), 'User-Agent': 'LineBotWebhook/2.0' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  }

  router.follow = async (userId, displayName) => {
    const user = router.addUser(userId, displayName);
    user.friend = true;
    return sendWebhook('follow', userId);
  };
  router.unfollow = async (userId) => {
    router.addUser(userId).friend = false;
    return sendWebhook('unfollow', userId);
  };

  const fail = (res: Response, status: number, message: string, extra: Record<string, unknown> = {}) =>
    void res.status(status).setHeader('X-Line-Request-Id', randomUUID()).json({ message, ...extra });

  const push = (req: Request, res: Response) => {
    const auth = req.get('authorization') ?? '';
    const retryKey = req.get('x-line-retry-key') ?? null;
    const body = (req.body ?? {}) as { to?: unknown; messages?: unknown };
    const to = typeof body.to === 'string' ? body.to : '';
    const answer = (status: number, send: () => void) => {
      router.calls.push({ to, retryKey, status });
      send();
    };
    if (!auth.startsWith('Bearer ') || !safeEqual(auth.slice(7), opts.accessToken)) {
      return answer(401, () => fail(res, 401, 'Authentication failed. Confirm that the access token in the authorization header is valid.'));
    }
    if (down) return answer(500, () => fail(res, 500, 'An error occurred on the server'));
    if (retryKey !== null && !UUID.test(retryKey)) return answer(400, () => fail(res, 400, "The value for the 'X-Line-Retry-Key' header is invalid"));
    const seen = retryKey ? accepted.get(retryKey) : undefined;
    if (seen) {
      return answer(409, () =>
        void res.status(409).setHeader('X-Line-Request-Id', randomUUID()).setHeader('X-Line-Accepted-Request-Id', seen.requestId).json({ message: 'The retry key is already accepted', sentMessages: seen.sent }),
      );
    }
    const failure = pending.shift();
    if (failure) return answer(failure.status, () => fail(res, failure.status, failure.message ?? 'Simulated failure'));

    const details: { message: string; property: string }[] = [];
    if (!to) details.push({ message: 'Must not be empty', property: 'to' });
    const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
    if (messages.length < 1 || messages.length > 5) details.push({ message: 'Size must be between 1 and 5', property: 'messages' });
    messages.forEach((m, i) => {
      const msg = (m ?? {}) as { type?: unknown; text?: unknown };
      if (msg.type !== 'text') details.push({ message: 'Must be one of the following values: [text]', property: `messages[${i}].type` });
      else if (typeof msg.text !== 'string' || msg.text.length < 1 || msg.text.length > TEXT_MAX) details.push({ message: `Length must be between 1 and ${TEXT_MAX}`, property: `messages[${i}].text` });
    });
    if (details.length) return answer(400, () => fail(res, 400, `The request body has ${details.length} error(s)`, { details }));
    const user = router.users.get(to);
    if (!user) return answer(400, () => fail(res, 400, 'Failed to send messages'));

    const requestId = randomUUID();
    const sent = messages.map((m) => {
      const id = String(nextId++).padStart(18, '5');
      router.messages.push({ id, to, text: (m as { text: string }).text, retryKey, delivered: user.friend, at: now() });
      return { id, quoteToken: randomBytes(24).toString('base64url') };
    });
    if (retryKey) accepted.set(retryKey, { requestId, sent });
    answer(200, () => void res.status(200).setHeader('X-Line-Request-Id', requestId).json({ sentMessages: sent }));
  };
  router.post('/v2/bot/message/push', express.json({ limit: '2mb' }), push);
  router.pushApi = Router().post('/', express.json({ limit: '2mb' }), push);

  router.get('/messages.json', (req: Request, res: Response) => {
    const to = typeof req.query.to === 'string' ? req.query.to : '';
    res.json({ users: [...router.users.values()], messages: router.messages.filter((m) => !to || m.to === to) });
  });

  // The page's buttons: a person befriends or blocks the shop (the webhook goes to the shop).
  const form = express.urlencoded({ extended: false, limit: '8kb' });
  const back = (req: Request, res: Response, note: string) => res.redirect(303, `${req.baseUrl || ''}/?note=${encodeURIComponent(note)}`);
  router.post('/users', form, (req: Request, res: Response) => {
    const userId = String((req.body as Record<string, unknown>)?.userId ?? '').trim();
    if (!/^U[0-9a-f]{32}$/.test(userId)) return back(req, res, '使用者 ID 格式錯誤（U 加 32 個小寫十六進位字元）');
    router.follow(userId, String((req.body as Record<string, unknown>)?.displayName ?? '').trim() || undefined).then(
      (status) => back(req, res, `${userId} 已加入好友（商店回應 ${status}）`),
      (err: Error) => back(req, res, `webhook 失敗：${err.message}`),
    );
  });
  router.post('/users/:userId/:action', form, (req: Request, res: Response) => {
    const userId = String(req.params.userId);
    const action = String(req.params.action);
    if (action !== 'follow' && action !== 'block') return void res.status(404).type('text').send('not found');
    (action === 'follow' ? router.follow(userId) : router.unfollow(userId)).then(
      (status) => back(req, res, `${userId} ${action === 'follow' ? '已加入好友' : '已封鎖'}（商店回應 ${status}）`),
      (err: Error) => back(req, res, `webhook 失敗：${err.message}`),
    );
  });

  router.get('/', (req: Request, res: Response) => {
    const base = escapeHtml(req.baseUrl || '');
    const note = typeof req.query.note === 'string' ? `<p class="note" role="status">${escapeHtml(req.query.note)}</p>` : '';
    const users = [...router.users.values()]
      .map((u) => {
        const msgs = router.messages.filter((m) => m.to === u.userId);
        const list = msgs.length
          ? `<ol class="msgs">${msgs.map((m) => `<li class="${m.delivered ? '' : 'dropped'}" data-testid="line-message">${escapeHtml(m.text).replace(/\n/g, '<br>')}${m.delivered ? '' : ' <em>（已封鎖，未送達）</em>'}</li>`).join('')}</ol>`
          : '<p class="empty">尚無訊息</p>';
        const action = u.friend
          ? `<form method="post" action="${base}/users/${escapeHtml(u.userId)}/block"><button type="submit" class="block">封鎖</button></form>`
          : `<form method="post" action="${base}/users/${escapeHtml(u.userId)}/follow"><button type="submit" class="follow">加入好友</button></form>`;
        return `<section class="user" data-line-user="${escapeHtml(u.userId)}"><h2>${escapeHtml(u.displayName)} <small>${escapeHtml(u.userId)} · ${u.friend ? '好友' : '非好友'}</small></h2>${action}${list}</section>`;
      })
      .join('');
    res.type('html').send(
      page(
        '模擬 LINE 官方帳號',
        `${note}
<form method="post" action="${base}/users" class="add">
<label>LINE 使用者 ID <input name="userId" required pattern="U[0-9a-f]{32}" placeholder="U0123…"></label>
<label>名稱 <input name="displayName" maxlength="40"></label>
<button type="submit" class="follow">加入好友</button>
</form>
${users || '<p class="empty">還沒有 LINE 使用者。以 LINE 登入或綁定 LINE 後，在這裡按「加入好友」。</p>'}`,
      ),
    );
  });

  return router;
}

export interface StartedLineMessagingSimulator extends LineMessagingSimulatorControls {
  /** Base URL for LINE_MESSAGING_API_URL. */
  url: string;
  close(): Promise<void>;
}

/** Listens on a free 127.0.0.1 port (tests). */
export async function startLineMessagingSimulator(opts: LineMessagingSimulatorOptions): Promise<StartedLineMessagingSimulator> {
  const sim = createLineMessagingSimulator(opts);
  const listening = await listenOnLoopback(sim);
  return {
    users: sim.users,
    messages: sim.messages,
    calls: sim.calls,
    received: sim.received,
    follow: sim.follow,
    unfollow: sim.unfollow,
    addUser: sim.addUser,
    failNext: sim.failNext,
    outage: sim.outage,
    setWebhookUrl: sim.setWebhookUrl,
    webhookTarget: sim.webhookTarget,
    reset: sim.reset,
    url: listening.url,
    close: listening.close,
  };
}

function page(title: string, content: string): string {
  return lineSimPage({
    title,
    simulator: 'LINE Messaging API 模擬器（測試用，非真實 LINE）',
    width: 560,
    content,
    css: `.add,.user{background:#fff;border-radius:8px;padding:12px 16px;margin:16px 0}
.add label{display:block;margin:0 0 8px;font-size:14px}.add input{width:100%;min-height:40px;font-size:16px}
h2{font-size:16px;margin:0 0 8px;overflow-wrap:anywhere}h2 small{display:block;font-weight:400;color:#666;font-size:12px}
button{min-height:44px;padding:0 20px;border:0;border-radius:8px;font-size:16px;font-weight:700;cursor:pointer}
.follow{background:#06c755;color:#fff}.block{background:#fff;color:#c00;border:1px solid #c00}
.msgs{padding-left:20px}.msgs li{margin:8px 0;background:#e8f8ee;border-radius:8px;padding:8px;overflow-wrap:anywhere}
.msgs li.dropped{background:#eee;color:#888}.empty{color:#888}`,
  });
}
