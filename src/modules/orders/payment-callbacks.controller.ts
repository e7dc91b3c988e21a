import { Controller, Get, HttpCode, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CALLBACK_KINDS, type CallbackKind, type PaymentProvider } from '../payments/payment-provider';
import { OrderPaymentsService } from './order-payments.service';

/** The payment slip of an order (the SPA route). */
export function slipPath(merTradeNo: string): string {
  return `/paymentSlip?MerTradeNo=${encodeURIComponent(merTradeNo)}`;
}

/** The posted form fields (url-encoded; the integrations layer parses them for these paths). */
function formOf(req: FastifyRequest): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
}

function queryOf(req: FastifyRequest): Record<string, unknown> {
  return (req.query ?? {}) as Record<string, unknown>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function errorPage(reply: FastifyReply, text: string): void {
  reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>付款結果</title></head>` +
        `<body><main style="max-width:480px;margin:40px auto;font-family:sans-serif"><h1>付款結果無法確認</h1><p>${esc(text)}</p><p><a href="/orders">查看我的訂單</a></p></main></body></html>`,
    );
}

/**
 * Gateway callbacks at `/api/payments/<gateway>/<kind>` (CSRF-exempt, no session needed: each is
 * verified against the gateway's signature or the gateway itself). Which gateways answer which
 * kinds with which HTTP method is each PaymentProvider's `callbacks`; anything else is a 404. The
 * paths are fixed by the issue 10 brief (e.g. POST …/notify and …/return of the card gateway, GET
 * …/confirm and …/cancel of the wallet).
 */
@ApiExcludeController()
@Controller('payments')
export class PaymentCallbacksController {
  constructor(private readonly payments: OrderPaymentsService) {}

  /** A server notify: 200 `OK` when accepted or a duplicate, 400 + the reason when refused. The browser back (`return`) → see `browser`. */
  @Post(':gateway/:kind')
  @HttpCode(200)
  async post(@Param('gateway') gateway: string, @Param('kind') kind: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const provider = this.providerOf(gateway, kind, 'POST');
    if (kind !== 'notify') return this.browser(provider, kind as CallbackKind, req, reply);
    const r = await this.payments.callback(provider, 'notify', { form: formOf(req), query: queryOf(req) });
    reply.header('Cache-Control', 'no-store');
    if (r.accepted) reply.code(200).type('text/plain; charset=utf-8').send('OK');
    else reply.code(400).type('text/plain; charset=utf-8').send(r.reason);
  }

  /** The buyer's browser back (confirm, cancel). */
  @Get(':gateway/:kind')
  async get(@Param('gateway') gateway: string, @Param('kind') kind: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.browser(this.providerOf(gateway, kind, 'GET'), kind as CallbackKind, req, reply);
  }

  /**
   * The buyer's browser back (a card page's return, a wallet's confirm / cancel): verified and
   * applied like a notify, then 303 to the payment slip of the order it names — even when it could
   * not be verified (display only); without a known order, a 400 page.
   */
  private async browser(provider: PaymentProvider, kind: CallbackKind, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const r = await this.payments.callback(provider, kind, { form: formOf(req), query: queryOf(req) });
    reply.header('Cache-Control', 'no-store');
    if (r.merTradeNo) return void reply.redirect(slipPath(r.merTradeNo), 303);
    errorPage(reply, provider.callbacks[kind]?.errorPage ?? '無法確認這筆付款的訂單，請至「我的訂單」查看付款狀態。');
  }

  private providerOf(gateway: string, kind: string, method: 'GET' | 'POST'): PaymentProvider {
    const provider = (CALLBACK_KINDS as readonly string[]).includes(kind) ? this.payments.callbackProvider(gateway, kind, method) : null;
    if (!provider) throw new NotFoundException();
    return provider;
  }
}
