import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  async payuniNotify(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const body: unknown = req.body;
    const form = body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
    const r = await this.status.notify(form);
    reply.header('Cache-Control', 'no-store');
    if (r.accepted) reply.code(200).type('text/plain; charset=utf-8').send('OK');
    else reply.code(400).type('text/plain; charset=utf-8').send(r.reason);
  }

  /** The label pages' auto-submit script (same origin: the CSP allows no inline script). */
  @Get('autosubmit.js')
  autosubmit(@Res() reply: FastifyReply): void {
    reply.header('Cache-Control', 'public, max-age=300');
    reply.type('application/javascript; charset=utf-8').send(AUTO_SUBMIT_JS);
  }
}
