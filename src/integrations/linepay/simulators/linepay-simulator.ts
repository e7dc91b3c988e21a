import { randomInt } from 'node:crypto';
import { escapeHtml } from '../../../common/html/escape-html';
import { lineSimPage } from '../../simulators/line-sim-page';
import express, { Request, Response, Router } from 'express';
import { verifyLinePaySignature } from '../linepay-signature';
import { LINEPAY_RETURN_CODES } from '../linepay-gateway';
import { stringifyWithBareBigints } from '../linepay-json';
import { listenOnLoopback } from '../../simulators/listen';

/**
 * A local LINE Pay Online API v3 (PROVIDERS.md §4): the embedded default when LINEPAY_API_URL is
 * unset, and the server the real client is tested against. Paths as the real API; the buyer's
 * payment page is `GET {base}/pay/{transactionId}` (「模擬 LINE Pay 付款」).
 *
 * It checks the three X-LINE-* headers exactly as documented (bad or missing → 1106 with HTTP 200;
 * the real code for a bad HMAC is unconfirmed, §8) and an unknown channel id → 1104. Nonce
 * replay is not refused (unconfirmed). Transaction ids are 19-digit numbers above 2^53, written as
 * bare JSON numbers like LINE Pay writes them.
 */
export interface LinePaySimulatorOptions {
  channelId: string;
  channelSecret: string;
  /**
   * Absolute URL where this router is mounted, used in `paymentUrl`; default: from the request
   * (`protocol://host` + mount path).
   */
  publicUrl?: string;
}

export type SimTxStatus = 'requested' | 'authorized' | 'cancelled' | 'confirmed';

export interface SimTransaction {
  transactionId: string;
  orderId: string;
  amount: number;
  currency: string;
  productName: string;
  confirmUrl: string;
  cancelUrl: string;
  paymentAccessToken: string;
  status: SimTxStatus;
  createdAt: Date;
  confirmedAt?: Date;
  /** Refunds as positive amounts. */
  refunds: { refundTransactionId: string; amount: number; date: Date }[];
}

export interface LinePaySimulator {
  router: Router;
  /** Requests kept in memory, by transaction id. */
  transactions: Map<string, SimTransaction>;
  /** The next API call (any path) answers this returnCode (e.g. '9000'), or this HTTP status. */
  failNext(failure: { returnCode: string; returnMessage?: string } | { httpStatus: number }): void;
  /** While on, every API call gets HTTP 503 (an outage). */
  setOutage(on: boolean): void;
  /** Delay every API answer by this many ms (timeouts); 0 to stop. */
  setDelay(ms: number): void;
  /** Simulates the buyer: approve (as 付款) or cancel (as 取消) without a browser. */
  approve(transactionId: string): void;
  cancel(transactionId: string): void;
  /**
   * The URL the browser is sent to: confirmUrl with `transactionId` and `orderId` appended, or
   * cancelUrl as given (LINE Pay appends nothing to it: put the order in it yourself).
   */
  redirectFor(transactionId: string, action: 'pay' | 'cancel'): string;
}

type Answer = { returnCode: string; returnMessage: string; info?: unknown };

const PREFIX = 2026000000000000000n; // 19 digits, far above 2^53

export function createLinePaySimulator(options: LinePaySimulatorOptions): LinePaySimulator {
  const transactions = new Map<string, SimTransaction>();
  const orderIds = new Set<string>();
  let next = PREFIX + BigInt(randomInt(1, 2 ** 40)) * 1000n;
  let pendingFailure: { returnCode: string; returnMessage?: string } | { httpStatus: number } | undefined;
  let outage = false;
  let delayMs = 0;

  const newId = (): bigint => {
    next += BigInt(randomInt(1, 997));
    return next;
  };

  const router = express.Router();

  const baseOf = (req: Request): string =>
    (options.publicUrl ?? `${req.protocol}://${req.get('host') ?? '127.0.0.1'}${req.baseUrl}`).replace(/\/+$/, '');

  const send = (res: Response, answer: Answer): void => {
    res.status(200).type('application/json; charset=utf-8').send(stringifyWithBareBigints(answer));
  };
  const fail = (res: Response, code: string, message?: string): void =>
    send(res, { returnCode: code, returnMessage: message ?? LINEPAY_RETURN_CODES[code] ?? '-' });

  /** Common door of every API call: faults, raw body, signature. */
  const api =
    (handler: (req: Request, res: Response, body: Record<string, unknown>) => void) =>
    async (req: Request, res: Response): Promise<void> => {
      const raw = await rawBodyOf(req);
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs).unref());
      if (outage) {
        res.status(503).type('text/plain').send('Service Unavailable');
        return;
      }
      if (pendingFailure) {
        const f = pendingFailure;
        pendingFailure = undefined;
        if ('httpStatus' in f) res.status(f.httpStatus).type('text/plain').send(`HTTP ${f.httpStatus}`);
        else fail(res, f.returnCode, f.returnMessage);
        return;
      }
      const channelId = req.get('X-LINE-ChannelId') ?? '';
      const nonce = req.get('X-LINE-Authorization-Nonce') ?? '';
      const signature = req.get('X-LINE-Authorization') ?? '';
      if (!channelId || !nonce || !signature) return fail(res, '1106');
      if (channelId !== options.channelId) return fail(res, '1104');
      const path = req.baseUrl + req.path;
      const signedPath = path.slice(req.baseUrl.length);
      const payload = req.method === 'GET' ? queryOf(req.originalUrl) : raw;
      if (!verifyLinePaySignature(options.channelSecret, signedPath, payload, nonce, signature)) return fail(res, '1106');
      let body: Record<string, unknown> = {};
      if (req.method === 'POST') {
        try {
          const parsed: unknown = raw === '' ? {} : JSON.parse(raw);
          if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail(res, '2102');
          body = parsed as Record<string, unknown>;
        } catch {
          return fail(res, '2102');
        }
      }
      handler(req, res, body);
    };

  router.post(
    '/v3/payments/request',
    api((req, res, body) => {
      const problem = requestProblem(body);
      if (problem) return fail(res, problem.code, problem.message);
      const orderId = body.orderId as string;
      if (orderIds.has(orderId)) return fail(res, '1172');
      const id = newId();
      const transactionId = id.toString();
      const packages = body.packages as { name: string; products: { name: string }[] }[];
      const redirect = body.redirectUrls as { confirmUrl: string; cancelUrl: string };
      const tx: SimTransaction = {
        transactionId,
        orderId,
        amount: body.amount as number,
        currency: body.currency as string,
        productName: packages[0].products[0]?.name ?? packages[0].name,
        confirmUrl: redirect.confirmUrl,
        cancelUrl: redirect.cancelUrl,
        paymentAccessToken: String(randomInt(100000, 999999)) + String(randomInt(100000, 999999)),
        status: 'requested',
        createdAt: new Date(),
        refunds: [],
      };
      transactions.set(transactionId, tx);
      orderIds.add(orderId);
      const page = `${baseOf(req)}/pay/${transactionId}`;
      send(res, {
        returnCode: '0000',
        returnMessage: 'Success.',
        info: {
          paymentUrl: { web: page, app: `${page}?app=1` },
          transactionId: id,
          paymentAccessToken: tx.paymentAccessToken,
        },
      });
    }),
  );

  router.post(
    '/v3/payments/:id/confirm',
    api((req, res, body) => {
      const tx = transactions.get(String(req.params.id));
      if (!tx) return fail(res, '1150');
      if (!Number.isInteger(body.amount) || typeof body.currency !== 'string') return fail(res, '2101');
      if (tx.status === 'confirmed') return fail(res, '1172');
      if (tx.status === 'cancelled') return fail(res, '1180');
      if (tx.status === 'requested') return fail(res, '1169');
      if (body.amount !== tx.amount || body.currency !== tx.currency) return fail(res, '1153');
      tx.status = 'confirmed';
      tx.confirmedAt = new Date();
      send(res, {
        returnCode: '0000',
        returnMessage: 'Success.',
        info: {
          transactionId: BigInt(tx.transactionId),
          orderId: tx.orderId,
          payInfo: [{ method: 'BALANCE', amount: tx.amount }],
        },
      });
    }),
  );

  router.get(
    '/v3/payments/requests/:id/check',
    api((req, res) => {
      const tx = transactions.get(String(req.params.id));
      if (!tx) return fail(res, '1150');
      const code = { requested: '0000', authorized: '0110', cancelled: '0121', confirmed: '0123' }[tx.status];
      const message = {
        requested: 'Transaction request not yet approved by the buyer.',
        authorized: 'Authorized; call confirm.',
        cancelled: 'Cancelled by the buyer or expired.',
        confirmed: 'Payment completed.',
      }[tx.status];
      send(res, { returnCode: code, returnMessage: message });
    }),
  );

  router.get(
    '/v3/payments',
    api((req, res) => {
      const q = new URLSearchParams(queryOf(req.originalUrl));
      const ids = q.getAll('transactionId');
      const orders = q.getAll('orderId');
      if (ids.length === 0 && orders.length === 0) return fail(res, '2101');
      const found = [...transactions.values()].filter(
        (t) =>
          t.status === 'confirmed' &&
          (ids.length === 0 || ids.includes(t.transactionId)) &&
          (orders.length === 0 || orders.includes(t.orderId)),
      );
      if (found.length === 0) return fail(res, '1150');
      send(res, {
        returnCode: '0000',
        returnMessage: 'Success.',
        info: found.map((t) => {
          const refunded = t.refunds.reduce((s, r) => s + r.amount, 0);
          return {
            transactionId: BigInt(t.transactionId),
            transactionDate: (t.confirmedAt ?? t.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            transactionType: 'PAYMENT',
            payStatus: refunded === 0 ? 'CAPTURE' : refunded < t.amount ? 'PARTIAL_REFUND' : 'REFUND',
            productName: t.productName,
            currency: t.currency,
            orderId: t.orderId,
            payInfo: [{ method: 'BALANCE', amount: t.amount }],
            ...(t.refunds.length
              ? {
                  refundList: t.refunds.map((r) => ({
                    refundTransactionId: BigInt(r.refundTransactionId),
                    transactionType: 'PAYMENT_REFUND',
                    refundAmount: -r.amount,
                    refundTransactionDate: r.date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
                  })),
                }
              : {}),
          };
        }),
      });
    }),
  );

  router.post(
    '/v3/payments/:id/refund',
    api((req, res, body) => {
      const tx = transactions.get(String(req.params.id));
      if (!tx) return fail(res, '1150');
      if (tx.status !== 'confirmed') return fail(res, '1155');
      const refunded = tx.refunds.reduce((s, r) => s + r.amount, 0);
      const left = tx.amount - refunded;
      if (left <= 0) return fail(res, '1165');
      let amount = left;
      if (body.refundAmount !== undefined) {
        if (!Number.isInteger(body.refundAmount)) return fail(res, '2101');
        amount = body.refundAmount as number;
        if (amount <= 0) return fail(res, '1183');
        if (amount > left) return fail(res, '1164');
      }
      const refundId = newId();
      const date = new Date();
      tx.refunds.push({ refundTransactionId: refundId.toString(), amount, date });
      send(res, {
        returnCode: '0000',
        returnMessage: 'Success.',
        info: { refundTransactionId: refundId, refundTransactionDate: date.toISOString().replace(/\.\d{3}Z$/, 'Z') },
      });
    }),
  );

  // The buyer's side: the payment page and its two buttons.
  router.get('/pay/:id', (req, res) => {
    const tx = transactions.get(String(req.params.id));
    res.set('Cache-Control', 'no-store');
    res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action *");
    if (!tx) {
      res.status(404).type('html').send(page('找不到這筆付款', '<p>付款請求不存在或已失效。</p>'));
      return;
    }
    if (tx.status !== 'requested') {
      const state = { authorized: '已授權', cancelled: '已取消', confirmed: '已付款', requested: '' }[tx.status];
      res.type('html').send(page('模擬 LINE Pay 付款', `<p>這筆付款${escapeHtml(state)}。</p>`));
      return;
    }
    const base = `${req.baseUrl}/pay/${escapeHtml(tx.transactionId)}`;
    res.type('html').send(
      page(
        '模擬 LINE Pay 付款',
        `<p class="note">這是本機模擬的 LINE Pay 付款頁，不會真的扣款。</p>
<dl>
<dt>訂單編號</dt><dd>${escapeHtml(tx.orderId)}</dd>
<dt>商品</dt><dd>${escapeHtml(tx.productName)}</dd>
<dt>金額</dt><dd class="amount">NT$ ${escapeHtml(tx.amount.toLocaleString('en-US'))}</dd>
</dl>
<form method="post" action="${base}/approve"><button class="pay" type="submit">付款</button></form>
<form method="post" action="${base}/cancel"><button class="cancel" type="submit">取消</button></form>`,
      ),
    );
  });

  router.post('/pay/:id/approve', (req, res) => {
    const tx = transactions.get(String(req.params.id));
    if (!tx) {
      res.status(404).type('html').send(page('找不到這筆付款', '<p>付款請求不存在或已失效。</p>'));
      return;
    }
    if (tx.status === 'requested') tx.status = 'authorized';
    res.redirect(303, tx.status === 'cancelled' ? tx.cancelUrl : withQuery(tx.confirmUrl, tx));
  });

  router.post('/pay/:id/cancel', (req, res) => {
    const tx = transactions.get(String(req.params.id));
    if (!tx) {
      res.status(404).type('html').send(page('找不到這筆付款', '<p>付款請求不存在或已失效。</p>'));
      return;
    }
    if (tx.status === 'requested') tx.status = 'cancelled';
    res.redirect(303, tx.status === 'cancelled' ? tx.cancelUrl : withQuery(tx.confirmUrl, tx));
  });

  const must = (id: string): SimTransaction => {
    const tx = transactions.get(id);
    if (!tx) throw new Error(`no LINE Pay simulator transaction ${id}`);
    return tx;
  };

  return {
    router,
    transactions,
    failNext: (f) => {
      pendingFailure = f;
    },
    setOutage: (on) => {
      outage = on;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    approve: (id) => {
      const tx = must(id);
      if (tx.status === 'requested') tx.status = 'authorized';
    },
    cancel: (id) => {
      const tx = must(id);
      if (tx.status === 'requested') tx.status = 'cancelled';
    },
    redirectFor: (id, action) => {
      const tx = must(id);
      return action === 'pay' ? withQuery(tx.confirmUrl, tx) : tx.cancelUrl;
    },
  };
}

export interface RunningLinePaySimulator extends LinePaySimulator {
  /** `http://127.0.0.1:<port>`: hand to the client as LINEPAY_API_URL. */
  url: string;
  close(): Promise<void>;
}

/** The simulator on a free 127.0.0.1 port (tests). */
export async function startLinePaySimulator(
  options: Partial<LinePaySimulatorOptions> = {},
): Promise<RunningLinePaySimulator & { channelId: string; channelSecret: string }> {
  const channelId = options.channelId ?? '1656000001';
  const channelSecret = options.channelSecret ?? 'test-linepay-channel-secret-0001';
  const sim = createLinePaySimulator({ ...options, channelId, channelSecret });
  const listening = await listenOnLoopback(sim.router);
  return {
    ...sim,
    channelId,
    channelSecret,
    url: listening.url,
    close: listening.close,
  };
}

/** What LINE Pay refuses in a request body (2101 parameter error, 1178 currency, 1124 scale). */
function requestProblem(body: Record<string, unknown>): { code: string; message?: string } | undefined {
  const bad = (message: string) => ({ code: '2101', message: `Parameter error: ${message}` });
  const { amount, currency, orderId, packages, redirectUrls } = body;
  if (typeof amount !== 'number') return bad('amount');
  if (!Number.isInteger(amount)) return { code: '1124' };
  if (amount <= 0) return { code: '1183' };
  if (currency !== 'TWD') return { code: '1178' };
  if (typeof orderId !== 'string' || orderId.length < 1 || orderId.length > 100) return bad('orderId');
  if (!Array.isArray(packages) || packages.length === 0) return bad('packages');
  let sum = 0;
  for (const raw of packages as unknown[]) {
    const p = raw as Record<string, unknown>;
    if (!p || typeof p !== 'object' || typeof p.id !== 'string' || typeof p.name !== 'string') return bad('packages[].id/name');
    if (!Number.isInteger(p.amount)) return bad('packages[].amount');
    if (!Array.isArray(p.products) || p.products.length === 0) return bad('packages[].products');
    let productSum = 0;
    for (const x of p.products as Record<string, unknown>[]) {
      if (!x || typeof x.name !== 'string' || !Number.isInteger(x.quantity) || !Number.isInteger(x.price)) {
        return bad('packages[].products[]');
      }
      productSum += (x.quantity as number) * (x.price as number);
    }
    if (productSum !== p.amount) return bad('packages[].amount ≠ Σ price × quantity');
    sum += p.amount as number;
  }
  if (sum !== amount) return bad('Σ packages[].amount ≠ amount');
  const r = redirectUrls as Record<string, unknown> | undefined;
  if (!r || typeof r.confirmUrl !== 'string' || typeof r.cancelUrl !== 'string') return bad('redirectUrls');
  for (const u of [r.confirmUrl, r.cancelUrl]) {
    try {
      const parsed = new URL(u);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return bad('redirectUrls');
    } catch {
      return bad('redirectUrls');
    }
  }
  return undefined;
}

/** The body exactly as sent: the signature covers its bytes, so never re-serialise a parsed one. */
async function rawBodyOf(req: Request): Promise<string> {
  const withRaw = req as Request & { rawBody?: Buffer };
  if (Buffer.isBuffer(withRaw.rawBody)) return withRaw.rawBody.toString('utf8');
  if (Buffer.isBuffer(req.body)) return req.body.toString('utf8');
  if (typeof req.body === 'string') return req.body;
  if (req.readableEnded || req.method === 'GET') return '';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function queryOf(originalUrl: string): string {
  const i = originalUrl.indexOf('?');
  return i < 0 ? '' : originalUrl.slice(i + 1);
}

function withQuery(url: string, tx: SimTransaction): string {
  const u = new URL(url);
  u.searchParams.set('transactionId', tx.transactionId);
  u.searchParams.set('orderId', tx.orderId);
  return u.toString();
}

function page(title: string, content: string): string {
  return lineSimPage({
    title,
    simulator: 'LINE Pay 模擬器（測試用，非真實 LINE Pay）',
    width: 420,
    content,
    css: `dl{background:#fff;border-radius:8px;padding:12px 16px;margin:16px 0;display:grid;grid-template-columns:auto 1fr;gap:8px 12px}
dt{color:#666}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.amount{font-size:20px;font-weight:700}
form{margin:0 0 12px}
button{width:100%;min-height:48px;border:0;border-radius:8px;font-size:17px;font-weight:700;cursor:pointer}
.pay{background:#06c755;color:#fff}.cancel{background:#fff;color:#333;border:1px solid #ccc}`,
  });
}
