import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import type { OrderDiscountAnswer } from '../../common/api/admin';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AdminOrderIdDto } from './admin-orders.dto';
import { AdminOrderDiscountService } from './admin-order-discount.service';

/** `{order_id, amount, reason}`: amount and reason are judged by the shared rules (order-discount-rules.ts), as typed. */
export class AddOrderDiscountDto extends AdminOrderIdDto {
  @Allow()
  amount: unknown;

  @Allow()
  reason: unknown;
}

/** Staff 訂單折扣 on an unpaid order (issue 19 §3): owners and staff, not editors. */
@ApiTags('admin: orders')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminOrderDiscountController {
  constructor(
    private readonly discounts: AdminOrderDiscountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('addOrderDiscount')
  @HttpCode(200)
  @ApiOperation({ summary: '訂單折扣: a manual adjustment on an unpaid order (whole NT$ ≥ 1 below the goods, reason 1–100), re-spread over the lines; an issued ATM / CVS code is issued again for the new total; audited' })
  addOrderDiscount(@CurrentAdmin() admin: SessionAdmin, @Body() dto: AddOrderDiscountDto, @Req() req: FastifyRequest): Promise<OrderDiscountAnswer> {
    const origin = (this.config.publicUrl ?? `${req.protocol}://${req.headers.host}`).replace(/\/+$/, '');
    return this.discounts.addDiscount(admin, dto, origin);
  }
}
