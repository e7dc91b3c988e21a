import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminConfigAnswer, AdminOrderDetailsAnswer, AdminOrdersAnswer } from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminOrderIdDto, AdminOrdersPageDto, UpdateOrderReceiverDto } from './admin-orders.dto';
import { AdminOrdersService } from './admin-orders.service';

/** Back-office orders (spec 2 §7): owners and staff. */
@ApiTags('admin: orders')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Post('getOrdersByPage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Orders, newest first: Taipei date range (endDate inclusive), keyword, status, payment status; page 10; total and paid total' })
  getOrdersByPage(@Body() dto: AdminOrdersPageDto): Promise<AdminOrdersAnswer> {
    return this.orders.page(dto);
  }

  @Post('getAdminOrderDetails')
  @HttpCode(200)
  @ApiOperation({ summary: 'One order: items, shipping tickets, refunds, return requests, audit history' })
  getAdminOrderDetails(@Body() dto: AdminOrderIdDto): Promise<AdminOrderDetailsAnswer> {
    return this.orders.details(dto.order_id);
  }

  @Post('updateOrderReceiver')
  @HttpCode(200)
  @ApiOperation({ summary: "Change the receiver (checkout's rules; store orders: name and phone only); audited" })
  updateOrderReceiver(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateOrderReceiverDto): Promise<Envelope<object>> {
    return this.orders.updateReceiver(admin, dto);
  }
}

/** `GET /api/admin/loadconifg` (spec 1 §7, the spec's spelling): every admin role reads it. */
@ApiTags('admin: orders')
@Controller('admin')
@AdminRoles('owner', 'staff', 'editor')
export class AdminConfigController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Get('loadconifg')
  @ApiOperation({ summary: 'Order status codes, payment status codes, payment and shipping methods' })
  loadconifg(): Promise<AdminConfigAnswer> {
    return this.orders.config();
  }
}
