import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope } from '../../common/api/envelope';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminOrderActions } from './admin-order-actions.service';
import { AdminOrderIdDto } from './admin-orders.dto';
import { AdminCancelOrderDto } from './dto/admin-order-actions.dto';

/** Staff moves of an order (order-lifecycle.ts): owners and staff. */
@ApiTags('admin: orders')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminOrderActionsController {
  constructor(private readonly actions: AdminOrderActions) {}

  @Post('startProcessing')
  @HttpCode(200)
  @ApiOperation({ summary: '開始備貨: a paid order (or cash on delivery not yet paid) → processing; 409 when its state changed' })
  startProcessing(@CurrentAdmin() admin: SessionAdmin, @Body() dto: AdminOrderIdDto): Promise<Envelope<object>> {
    return this.actions.startProcessing(admin, dto.order_id);
  }

  @Post('cancelOrder')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel an unpaid cash-on-delivery order (pending or processing); its stock goes back; audited' })
  cancelOrder(@CurrentAdmin() admin: SessionAdmin, @Body() dto: AdminCancelOrderDto): Promise<Envelope<object>> {
    return this.actions.cancel(admin, dto.order_id, dto.reason ?? '');
  }
}
