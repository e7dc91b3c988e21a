import { Logger } from '@nestjs/common';
import express, { Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../../config/app-config';
import { AmegoSimulator, createAmegoSimulator } from '../amego/simulators/amego-simulator';
import { createLinePaySimulator, LinePaySimulator } from '../linepay/simulators/linepay-simulator';
import { createPayuniSimulator, PayuniSimulator } from '../payuni/simulators/payuni-simulator';
import { createLineMessagingSimulator, LineMessagingSimulator } from '../line-messaging/simulators/line-messaging-simulator';
import { LoopbackServer, listenOnLoopback } from '../simulators/listen';
import { createTelegramSimulator, TelegramSimulator } from '../telegram/simulators/telegram-simulator';

/** Where each simulator's browser pages (and, for another process, its API) are mounted on the shop. */
export const SIMULATOR_MOUNTS = {
  payuni: '/sim/payuni',
  linepay: '/sim/linepay',
  amego: '/sim/amego',
  telegram: '/sim/telegram',
  line: '/sim/line',
} as const;

export type SimulatedProvider = keyof typeof SIMULATOR_MOUNTS;

/**
 * The app's own provider simulators (one instance per provider whose URL is unset) and the test
 * hooks they carry — reachable as `app.get(SIMULATORS)`:
 *
 * - `payuni.settle(merTradeNo, 'paid' | 'failed' | 'expired')`: the payer's decision on an ATM /
 *   CVS code or a UPP (card) trade; sends the signed NotifyURL post and resolves when it was
 *   delivered (200) or given up. `payuni.trades` (by MerTradeNo), `payuni.notifications`,
 *   `payuni.failNext(kind, times?)`, `payuni.simulateOutage(ms)`, `payuni.idle()`.
 * - `linepay.approve(transactionId)` / `linepay.cancel(transactionId)` (the buyer on the pay page),
 *   `linepay.transactionOf(orderId)`, `linepay.redirectFor(id, 'pay' | 'cancel')` (where the
 *   browser would go), `linepay.failNext(...)`, `linepay.setOutage(on)`, `linepay.setDelay(ms)`.
 * - `amego.invoices`, `amego.calls`, `amego.failNext(...)`, `amego.outage(on)`, `amego.loseNextAnswer()`.
 * - `telegram.sent()`, `telegram.failNext(...)`, `telegram.outage(on)`.
 * - `line.follow(userId)` / `line.unfollow(userId)` (signed webhooks to the shop), `line.received(userId)`,
 *   `line.messages`, `line.calls`, `line.failNext(...)`, `line.outage(on)` (LINE Messaging API, issue 22).
 *
 * The same instances answer the browser under the shop origin (SIMULATOR_MOUNTS, mounted by
 * configureHttp) and the server's real clients over a loopback listener (`loopbackUrl`), so
 * server-to-server calls work whether or not the app itself listens (supertest).
 */
export interface EmbeddedSimulators {
  payuni: PayuniSimulator | null;
  linepay: (LinePaySimulator & { transactionOf(orderId: string): string | undefined }) | null;
  amego: AmegoSimulator | null;
  telegram: TelegramSimulator | null;
  line: LineMessagingSimulator | null;
  /** `http://127.0.0.1:<port>`: the loopback listener (each simulator under its provider name, e.g. `/payuni`). */
  loopbackUrl: string | null;
  /** The browser-facing routers to mount on the shop, by mount path. */
  mounts(): { path: string; router: Router }[];
  /**
   * One Express app serving every mount (the simulators stay Express: dev tooling), for the shop's
   * edge to hand raw requests under the mount paths to: never cached, not indexed, and — like
   * PAYUNi's own pages — no opener isolation (the store-map popup keeps its opener, the checkout).
   * A path under a mount that no simulator serves: 404 in the envelope.
   */
  handler(): (req: IncomingMessage, res: ServerResponse) => void;
  /** Base URL the real client of `provider` calls. */
  apiUrlOf(provider: SimulatedProvider): string;
  /**
   * The shop now listens at `origin` (http://127.0.0.1:<port>): the simulated PAYUNi back office
   * sends status notifies there, unless a notify URL was set already (PUBLIC_URL or a fixed PORT).
   * Called by the simulators' own wiring (http-setup.ts), never by a production code path.
   */
  shopListening(origin: string): void;
  /** Resolves when the PAYUNi simulator's notify deliveries in flight are done. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the simulators the config asks for (a provider without a URL). `listen`: serve them on a
 * loopback port for this process's clients (the web process); without it (a worker process) the
 * clients call the web process's mounts at PUBLIC_URL (or 127.0.0.1:PORT), whose simulators hold
 * the trades. Null when every provider is real.
 */
export async function startEmbeddedSimulators(config: AppConfig, options: { listen: boolean }): Promise<EmbeddedSimulators | null> {
  const p = config.providers;
  const wanted = {
    payuni: p.payuni.apiUrl === null,
    linepay: p.linepay.apiUrl === null,
    amego: p.amego.apiUrl === null,
    telegram: p.telegram.apiUrl === null,
    line: p.lineMessaging.apiUrl === null,
  };
  if (!Object.values(wanted).some(Boolean)) return null;

  // Logistics status notifies go to a URL set in PAYUNi's back office: here the shop's own route
  // (PUBLIC_URL, else the port it listens on; with port 0, the port it got once it listens: shopListening).
  const shopOrigin = config.publicUrl ? config.publicUrl.replace(/\/+$/, '') : config.port ? `http://127.0.0.1:${config.port}` : undefined;
  const payuni =
    wanted.payuni && options.listen
      ? createPayuniSimulator({
          merId: p.payuni.merId,
          hashKey: p.payuni.hashKey,
          hashIv: p.payuni.hashIv,
          statusNotifyUrl: shopOrigin ? `${shopOrigin}/api/logistics/payuni/notify` : undefined,
        })
      : null;
  const linepaySim =
    wanted.linepay && options.listen
      ? createLinePaySimulator({
          channelId: p.linepay.channelId,
          channelSecret: p.linepay.channelSecret,
          // paymentUrl.web as the browser reaches it: on the shop (absolute with PUBLIC_URL).
          publicUrl: `${config.publicUrl ?? ''}${SIMULATOR_MOUNTS.linepay}`,
        })
      : null;
  const linepay = linepaySim
    ? Object.assign(linepaySim, {
        transactionOf: (orderId: string) => [...linepaySim.transactions.values()].find((t) => t.orderId === orderId)?.transactionId,
      })
    : null;
  const amego = wanted.amego && options.listen ? createAmegoSimulator({ taxId: p.amego.taxId, appKey: p.amego.appKey }) : null;
  const telegram = wanted.telegram && options.listen ? createTelegramSimulator({ token: p.telegram.token }) : null;
  const line =
    wanted.line && options.listen
      ? createLineMessagingSimulator({
          accessToken: p.lineMessaging.accessToken,
          channelSecret: p.lineMessaging.channelSecret,
          webhookUrl: shopOrigin ? `${shopOrigin}/api/line/webhook` : undefined,
        })
      : null;

  let server: LoopbackServer | null = null;
  if (options.listen) {
    const loopback = Router();
    if (payuni) loopback.use('/payuni', payuni);
    if (linepay) loopback.use('/linepay', linepay.router);
    if (amego) loopback.use('/amego', amego);
    if (telegram) loopback.use('/telegram', telegram);
    if (line) loopback.use('/line', line);
    // @line/bot-sdk calls `/v2/bot/…` on the origin of its base URL: the LINE API at the loopback's root.
    if (line) loopback.use('/v2/bot/message/push', line.pushApi);
    server = await listenOnLoopback(loopback);
  }
  const webOrigin = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
  const names = (Object.keys(wanted) as SimulatedProvider[]).filter((k) => wanted[k]);
  new Logger('Providers').log(
    `built-in simulators for ${names.join(', ')} (${options.listen ? `pages under /sim/…, API on ${server?.url}` : `calling ${webOrigin}/sim/…`})`,
  );

  return {
    payuni,
    linepay,
    amego,
    telegram,
    line,
    loopbackUrl: server?.url ?? null,
    mounts() {
      const out: { path: string; router: Router }[] = [];
      if (payuni) out.push({ path: SIMULATOR_MOUNTS.payuni, router: payuni });
      if (linepay) out.push({ path: SIMULATOR_MOUNTS.linepay, router: linepay.router });
      if (amego) out.push({ path: SIMULATOR_MOUNTS.amego, router: amego });
      if (telegram) out.push({ path: SIMULATOR_MOUNTS.telegram, router: telegram });
      // In production without LINE_MESSAGING_API_URL (LINE off) and without PROVIDER_SIMULATORS=true, the
      // LINE simulator is not served on the shop: its page would show members' messages to anyone.
      if (line && (!config.isProduction || p.simulatorsInProduction)) out.push({ path: SIMULATOR_MOUNTS.line, router: line }, { path: '/v2/bot/message/push', router: line.pushApi });
      return out;
    },
    handler(this: EmbeddedSimulators) {
      const app = express();
      app.disable('x-powered-by');
      app.set('etag', false);
      app.use((_req, res, next) => {
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('X-Robots-Tag', 'noindex');
        res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
        next();
      });
      for (const { path, router } of this.mounts()) app.use(path, router);
      app.use((_req, res) => void res.status(404).json({ success: false, message: '找不到資源' }));
      return (req, res) => void app(req, res);
    },
    shopListening(origin: string) {
      if (payuni && !payuni.statusNotifyTarget()) payuni.setStatusNotifyUrl(`${origin.replace(/\/+$/, '')}/api/logistics/payuni/notify`);
      if (line && !line.webhookTarget()) line.setWebhookUrl(`${origin.replace(/\/+$/, '')}/api/line/webhook`);
    },
    apiUrlOf(provider: SimulatedProvider) {
      // LINE's SDK takes an origin (it calls /v2/bot/… there): the loopback's, or the web's (pushApi mounted at its root path).
      if (provider === 'line') return server ? server.url : webOrigin;
      return server ? `${server.url}/${provider}` : `${webOrigin}${SIMULATOR_MOUNTS[provider]}`;
    },
    async idle() {
      await payuni?.idle();
    },
    async close() {
      payuni?.shutdown();
      await server?.close();
    },
  };
}
