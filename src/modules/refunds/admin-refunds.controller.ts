import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RefundableAnswer, RefundAnswer, RefundBankAnswer, RefundSettingsAnswer, ReturnRequestAnswer } from '../../common/api/admin';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { GENERIC_BAD_REQUEST, ok } from '../../common/http/envelope';
import { REFUND_MSG } from '../../common/validation/admin';
import { HandleReturnDto, RefundableQueryDto, RefundIdDto, RefundOrderDto, UpdateRefundSettingsDto } from './dto/refund.dto';
import { RefundPlanner } from './refund-planner.service';
import { Refunds } from './refunds.service';
import { Returns } from './returns.service';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** Back-office refunds and return requests (owner; staff up to the owner's limit). */
@ApiTags('admin: refunds')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminRefundsController {
  constructor(
    private readonly refunds: Refunds,
    private readonly returns: Returns,
    private readonly planner: RefundPlanner,
  ) {}

  @Post('refundOrder')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Up to 64 of [A-Za-z0-9_-]: the same key answers the same refund' })
  @ApiOperation({ summary: 'Refund a paid order in full or in part (card, LINE Pay at the gateway; ATM / CVS / COD recorded for a bank transfer)' })
  async refundOrder(@CurrentAdmin() admin: SessionAdmin, @Body() dto: RefundOrderDto, @Headers('idempotency-key') key: string | undefined): Promise<RefundAnswer> {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new AppError(GENERIC_BAD_REQUEST, HttpStatus.BAD_REQUEST);
    const out = await this.refunds.refundOrder(admin, { orderId: dto.order_id, amount: dto.amount, items: dto.items, shipping: dto.shipping, reason: dto.reason, restock: dto.restock, bank: dto.bank, key });
    if (!out.ok) throw new AppError(out.message || REFUND_MSG.refundFailed, HttpStatus.CONFLICT, { refund: out.refund });
    return ok({ refund: out.refund }, out.message);
  }

  @Get('refundable')
  @ApiOperation({ summary: "An order's lines and what each may still give back, the shipping fee left, the total refundable (the refund form)" })
  async refundable(@Query() dto: RefundableQueryDto): Promise<RefundableAnswer> {
    return ok({ refundable: await this.planner.refundable(dto.order_id) });
  }

  @Post('refundBankAccount')
  @HttpCode(200)
  @ApiOperation({ summary: "A manual refund's full bank account, to make the transfer (audited)" })
  async refundBankAccount(@CurrentAdmin() admin: SessionAdmin, @Body() dto: RefundIdDto): Promise<RefundBankAnswer> {
    return ok({ bank: await this.refunds.revealBank(admin, dto.refund_id) });
  }

  @Post('completeManualRefund')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a manual refund transferred (manual → done; audited)' })
  async completeManualRefund(@CurrentAdmin() admin: SessionAdmin, @Body() dto: RefundIdDto): Promise<RefundAnswer> {
    return ok({ refund: await this.refunds.completeManual(admin, dto.refund_id) }, REFUND_MSG.manualDone);
  }

  @Get('refundSettings')
  @ApiOperation({ summary: 'The staff refund limit (NT$; staff may refund an order up to it in total)' })
  async refundSettings(): Promise<RefundSettingsAnswer> {
    return ok({ staffRefundLimit: await this.refunds.staffLimit() });
  }

  @Post('updateRefundSettings')
  @HttpCode(200)
  @AdminRoles('owner')
  @ApiOperation({ summary: 'Set the staff refund limit (owner; audited)' })
  async updateRefundSettings(@CurrentAdmin() admin: SessionAdmin, @Body() dto: UpdateRefundSettingsDto): Promise<RefundSettingsAnswer> {
    return ok({ staffRefundLimit: await this.refunds.setStaffLimit(admin, dto.staffRefundLimit) }, REFUND_MSG.limitUpdated);
  }

  @Post('handleReturnRequest')
  @HttpCode(200)
  @ApiOperation({ summary: "Approve or refuse a member's return request (a reason is required to refuse)" })
  async handleReturnRequest(@CurrentAdmin() admin: SessionAdmin, @Body() dto: HandleReturnDto): Promise<ReturnRequestAnswer> {
    const returnRequest = await this.returns.handle(admin, dto.request_id, dto.approve, dto.reason ?? '');
    return ok({ returnRequest }, dto.approve ? REFUND_MSG.returnApproved : REFUND_MSG.returnRefused);
  }
}
