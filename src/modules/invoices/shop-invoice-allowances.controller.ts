import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AllowanceConsentAnswer } from '../../common/api/invoice-allowances';
import { ok } from '../../common/http/envelope';
import { clientIp, RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { rateLimitRule } from '../../common/rate-limit/rate-limiter';
import { InvoiceAllowancesService } from './invoice-allowances.service';

/** Reads and presses of consent links: 60 per client IP per 10 minutes (a 43-character random token is not guessed; this only bounds noise). */
const ALLOWANCE_RATE_LIMIT = rateLimitRule('invoice-allowance', 60, 10 * 60);

/**
 * The member's consent to an electronic allowance (同意電子折讓), reached from the refund mail
 * without login: the random token in the link is the only key, and the answer shows only the
 * order number, the amount and the lines.
 */
@ApiTags('shop: invoices')
@Controller('invoice-allowances')
@RateLimit(ALLOWANCE_RATE_LIMIT)
export class ShopInvoiceAllowancesController {
  constructor(private readonly allowances: InvoiceAllowancesService) {}

  @Get(':token')
  @ApiOperation({ summary: 'An allowance awaiting consent: order number, amount, lines, status' })
  async view(@Param('token') token: string): Promise<AllowanceConsentAnswer> {
    return ok({ allowance: await this.allowances.viewByToken(token) });
  }

  @Post(':token')
  @HttpCode(200)
  @ApiOperation({ summary: '同意電子折讓: stores the consent (time, IP) and issues the allowance (g0401) through the outbox' })
  async consent(@Param('token') token: string, @Req() req: FastifyRequest): Promise<AllowanceConsentAnswer> {
    const { view, message } = await this.allowances.consent(token, clientIp(req));
    return ok({ allowance: view }, message);
  }
}
