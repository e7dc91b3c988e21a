import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { SubmitOrderAnswer } from '../../common/api/orders';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import { assertOwnUserId } from '../../common/auth/ownership';
import type { SessionUser } from '../../common/auth/session-user';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ChangePaymentDto, RetryPaymentDto } from './dto/order-payment.dto';
import { OrderPaymentRetryService } from './order-payment-retry.service';

/**
 * 重新付款 and 更換付款方式 of the member's own unpaid order (issue 19 §6). The member is the session's
 * (CSRF as every other write); the answer has submitOrder's shape: `result` (the card form / LINE Pay
 * page to open) or only `resData` (open the slip: an ATM / CVS code, cash on delivery).
 */
@ApiTags('shop: orders')
@Controller('orders')
@UseGuards(MemberGuard)
export class ShopOrderPaymentsController {
  constructor(
    private readonly retries: OrderPaymentRetryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('retryPayment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pay an unpaid card / LINE Pay order again with the same method, inside its payment window' })
  retryPayment(@CurrentUser() me: SessionUser, @Body() dto: RetryPaymentDto, @Req() req: FastifyRequest): Promise<SubmitOrderAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    return this.retries.pay(me.id, dto.order_id, { origin: this.origin(req), kind: 'retry' });
  }

  @Post('changePayment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pay an unpaid card / LINE Pay order with another method (ATM, CVS code, LINE Pay, cash on delivery), inside its payment window' })
  changePayment(@CurrentUser() me: SessionUser, @Body() dto: ChangePaymentDto, @Req() req: FastifyRequest): Promise<SubmitOrderAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    return this.retries.pay(me.id, dto.order_id, { payment: dto.payment, bankCode: dto.bankCode, origin: this.origin(req), kind: 'change' });
  }

  private origin(req: FastifyRequest): string {
    return (this.config.publicUrl ?? `${req.protocol}://${req.headers.host}`).replace(/\/+$/, '');
  }
}
