import { Body, Controller, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CreateShippingOrderAnswer, ShippingStatusAnswer, ShippingTicketAnswer } from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { NotFoundError } from '../../common/errors/app-error';
import { ADMIN_MSG } from '../../common/validation/admin';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CreateShippingOrderDto, MarkShippedDto, ShippingStatusDto, ShippingTicketDto } from './dto/admin-shipping.dto';
import { LogisticsStatusService } from './logistics-status.service';
import { SHIPPING_MSG } from './shipping-pages';
import { ShippingTickets } from './shipping-tickets.service';

/**
 * Back-office shipping (spec 2 §7 createShippingOrder / getShippingStatus, and beyond the spec:
 * polling a pending ticket, reprinting a label, 全家 / 萊爾富 marked shipped by hand, the
 * call-carrier button). Owner and staff.
 */
@ApiTags('admin: shipping')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminShippingController {
  constructor(
    private readonly tickets: ShippingTickets,
    private readonly status: LogisticsStatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private origin(req: FastifyRequest): string {
    return (this.config.publicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`).replace(/\/+$/, '');
  }

  @Post('createShippingOrder')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create the shipping ticket of an order at PAYUNi (a job; waits for it, else pending → poll getShippingTicket)' })
  createShippingOrder(@CurrentAdmin() admin: SessionAdmin, @Body() dto: CreateShippingOrderDto, @Req() req: FastifyRequest): Promise<CreateShippingOrderAnswer> {
    return this.tickets.create(dto, admin, this.origin(req));
  }

  @Post('getShippingTicket')
  @HttpCode(200)
  @ApiOperation({ summary: 'A shipping ticket as it is now (the screen polls a pending one)' })
  getShippingTicket(@Body() dto: ShippingTicketDto, @Req() req: FastifyRequest): Promise<ShippingTicketAnswer> {
    return this.tickets.get(dto.ticket_id, this.origin(req));
  }

  /** The printable label page: 7-11 the stored page; T-cat a page that opens PAYUNi's PDF. */
  @Get('shippingLabel/:ticketId')
  @ApiOperation({ summary: 'The printable label page of a ticket (HTML)' })
  async shippingLabel(
    @Param('ticketId', new ParseIntPipe({ exceptionFactory: () => new NotFoundError(SHIPPING_MSG.ticketNotFound) })) ticketId: number,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const t = await this.tickets.findById(ticketId);
    const page = t ? this.tickets.labelPage(t, this.origin(req)) : null;
    if (!page) throw new NotFoundError(SHIPPING_MSG.ticketNotFound);
    reply.header('Cache-Control', 'no-store');
    reply.code(200).type('text/html; charset=utf-8').send(page);
  }

  @Post('markShipped')
  @HttpCode(200)
  @ApiOperation({ summary: '全家 / 萊爾富: mark an order shipped with the carrier and its tracking number (audited)' })
  markShipped(@CurrentAdmin() admin: SessionAdmin, @Body() dto: MarkShippedDto): Promise<ShippingTicketAnswer> {
    return this.tickets.markShipped(dto, admin);
  }

  @Post('getShippingStatus')
  @HttpCode(200)
  @ApiOperation({ summary: "A shipment's logistics status from PAYUNi (logistics/query), applied to the order" })
  getShippingStatus(@Body() dto: ShippingStatusDto): Promise<ShippingStatusAnswer> {
    return this.status.query(dto.ship_trade_no);
  }

  /** The call-carrier button (黑貓 pickup request): not open yet (spec). */
  @Post('callCarrier')
  @HttpCode(200)
  @ApiOperation({ summary: 'Call the carrier for a pickup: not open yet' })
  callCarrier(): Envelope<object> {
    return { success: false, message: ADMIN_MSG.callCarrierClosed };
  }
}
