import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { CancelOrderAnswer, OrderAndDetailsAnswer, OrderDetailsAnswer, SubmitOrderAnswer, UserOrdersAnswer } from '../../common/api/orders';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import { assertOwnUserId } from '../../common/auth/ownership';
import type { SessionUser } from '../../common/auth/session-user';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CheckoutService } from './checkout.service';
import { CancelOrderDto, IDEMPOTENCY_KEY, OrdersPageQuery, SubmitOrderDto } from './dto/submit-order.dto';
import { OrderCancelService } from './order-cancel.service';
import { ORDERS_PAGE_SIZE, OrderQueryService } from './order-query.service';

const ORDER_ID = /^[1-9][0-9]{0,9}$/;
const MER_TRADE_NO = /^[A-Za-z0-9]{1,32}$/;

/** A path id that is not an order id names no order of the member's: the same 404 as another's. */
function orderIdOf(raw: string): number {
  const id = ORDER_ID.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2147483647) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
  return id;
}

/**
 * The shop's order calls (spec 1 §7, spec 2 §7): checkout, payment slip, my orders, cancel. The
 * member is the session's; a `user_id` in the body or query must be that member's (403), and
 * another member's order answers 404 without data.
 */
@ApiTags('shop: orders')
@Controller('order')
@UseGuards(MemberGuard)
export class ShopOrdersController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly query: OrderQueryService,
    private readonly cancels: OrderCancelService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('submitOrder')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Up to 64 of [A-Za-z0-9_-]: the same key answers the first order again' })
  @ApiOperation({ summary: 'Checkout: prices, fee and total from the database, stock reserved, payment started (online methods)' })
  submitOrder(
    @CurrentUser() me: SessionUser,
    @Body() dto: SubmitOrderDto,
    @Headers('idempotency-key') key: string | undefined,
    @Req() req: FastifyRequest,
  ): Promise<SubmitOrderAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new AppError(GENERIC_BAD_REQUEST, HttpStatus.BAD_REQUEST);
    const origin = (this.config.publicUrl ?? `${req.protocol}://${req.headers.host}`).replace(/\/+$/, '');
    return this.checkout.submit(me.id, dto, { idempotencyKey: key, origin });
  }

  @Get('getOrderAndDetails/:MerTradeNo')
  @ApiOperation({ summary: 'Payment slip: the order and its items (owner only)' })
  getOrderAndDetails(@CurrentUser() me: SessionUser, @Param('MerTradeNo') merTradeNo: string): Promise<OrderAndDetailsAnswer> {
    if (!MER_TRADE_NO.test(merTradeNo)) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
    return this.query.slip(me.id, merTradeNo);
  }

  @Get('getUserOrdersByPage')
  @ApiOperation({ summary: 'My orders, newest first: page from 1, limit 1–50 (default 5), total' })
  getUserOrdersByPage(@CurrentUser() me: SessionUser, @Query() q: OrdersPageQuery): Promise<UserOrdersAnswer> {
    assertOwnUserId(q.user_id, me.id);
    return this.query.page(me.id, q.page ?? 1, q.limit ?? ORDERS_PAGE_SIZE);
  }

  @Get('getOrderDetails/:order_id')
  @ApiOperation({ summary: 'The items of one of my orders' })
  getOrderDetails(@CurrentUser() me: SessionUser, @Param('order_id') orderId: string): Promise<OrderDetailsAnswer> {
    return this.query.details(me.id, orderIdOf(orderId));
  }

  @Post('cancelOrder')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel one of my pending, unpaid orders (stock back)' })
  cancelOrder(@CurrentUser() me: SessionUser, @Body() dto: CancelOrderDto): Promise<CancelOrderAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    return this.cancels.cancelByMember(me.id, dto.order_id);
  }
}
