import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { OrderPaymentsService } from './order-payments.service';

/** The payment slip of an order (the SPA route). */
export function slipPath(merTradeNo: string): string {
  return `/paymentSlip?MerTradeNo=${encodeURIComponent(merTradeNo)}`;
}

/** The posted form fields (url-encoded; the integrations layer parses them for these paths). */
function formOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function errorPage(res: Response, text: string): void {
  res
    .status(400)
    .type('html')
    .set('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>付款結果</title></head>` +
        `<body><main style="max-width:480px;margin:40px auto;font-family:sans-serif"><h1>付款結果無法確認</h1><p>${esc(text)}</p><p><a href="/orders">查看我的訂單</a></p></main></body></html>`,
    );
}

/**
 * Gateway callbacks (CSRF-exempt, no session needed: each is verified against the gateway's
 * signature or the gateway itself). Paths are fixed by the issue 10 brief.
 */
@ApiExcludeController()
@Controller('payments')
export class PaymentCallbacksController {
  constructor(private readonly payments: OrderPaymentsService) {}

  /** PAYUNi NotifyURL (server to server): 200 `OK` when accepted or a duplicate, 400 + the reason when refused. */
  @Post('payuni/notify')
  @HttpCode(200)
  async payuniNotify(@Req() req: Request, @Res() res: Response): Promise<void> {
    const r = await this.payments.payuniCallback(formOf(req), 'notify');
    res.set('Cache-Control', 'no-store');
    if (r.accepted) res.status(200).type('text/plain').send('OK');
    else res.status(400).type('text/plain').send(r.reason);
  }

  /**
   * PAYUNi ReturnURL (the buyer's browser back from the UPP card page): verified and applied like
   * the notify, then 303 to the payment slip. A post that cannot be verified still goes to the
   * slip of the order named in the ReturnURL's query (display only); without one, a 400 page.
   */
  @Post('payuni/return')
  async payuniReturn(@Req() req: Request, @Res() res: Response, @Query('MerTradeNo') queryMerTradeNo?: unknown): Promise<void> {
    const r = await this.payments.payuniCallback(formOf(req), 'return');
    const merTradeNo = r.accepted ? r.merTradeNo : (r.merTradeNo ?? (await this.payments.knownMerTradeNo(queryMerTradeNo)));
    res.set('Cache-Control', 'no-store');
    if (merTradeNo) return void res.redirect(303, slipPath(merTradeNo));
    errorPage(res, '無法確認這筆付款的訂單，請至「我的訂單」查看付款狀態。');
  }

  /** LINE Pay confirmUrl (the browser back after approving): confirm with our order's total, then 303 to the slip. */
  @Get('linepay/confirm')
  async linePayConfirm(@Query('transactionId') transactionId: unknown, @Query('orderId') orderId: unknown, @Res() res: Response): Promise<void> {
    const r = await this.payments.linePayConfirm(transactionId, orderId);
    res.set('Cache-Control', 'no-store');
    if (r.merTradeNo) return void res.redirect(303, slipPath(r.merTradeNo));
    errorPage(res, '找不到這筆 LINE Pay 付款的訂單，請至「我的訂單」查看付款狀態。');
  }

  /** LINE Pay cancelUrl (the buyer cancelled at LINE Pay): 303 to the slip. */
  @Get('linepay/cancel')
  async linePayCancel(@Query('orderId') orderId: unknown, @Res() res: Response): Promise<void> {
    const r = await this.payments.linePayCancel(orderId);
    res.set('Cache-Control', 'no-store');
    if (r.merTradeNo) return void res.redirect(303, slipPath(r.merTradeNo));
    errorPage(res, '找不到這筆 LINE Pay 付款的訂單，請至「我的訂單」查看訂單狀態。');
  }
}
