import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LogisticsStatusService } from './logistics-status.service';
import { AUTO_SUBMIT_JS } from './shipping-pages';

/**
 * PAYUNi's logistics status notify (server to server; CSRF-exempt, form body: FORM_BODY_ROUTES),
 * verified by HashInfo and MerID like the payment notify, applied idempotently (each status once).
 * Answers 200 `OK` when accepted (a duplicate or a status for a shipment we do not know included:
 * a retry would not change that), 400 with the reason when the post cannot be verified.
 */
@ApiExcludeController()
@Controller('logistics')
export class LogisticsNotifyController {
  constructor(private readonly status: LogisticsStatusService) {}

  @Post('payuni/notify')
  @HttpCode(200)
  async payuniNotify(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body: unknown = req.body;
    const form = body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
    const r = await this.status.notify(form);
    res.set('Cache-Control', 'no-store');
    if (r.accepted) res.status(200).type('text/plain').send('OK');
    else res.status(400).type('text/plain').send(r.reason);
  }

  /** The label pages' auto-submit script (same origin: the CSP allows no inline script). */
  @Get('autosubmit.js')
  autosubmit(@Res() res: Response): void {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/javascript').send(AUTO_SUBMIT_JS);
  }
}
