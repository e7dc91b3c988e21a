import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RefundExtraPaymentAnswer } from '../../common/api/admin';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { RefundExtraPaymentDto } from './dto/extra-payment.dto';
import { ExtraPaymentRefunds } from './extra-payment-refunds.service';

/** 待退款的額外付款 (issue 19 §8): staff give back money received beyond the order (owner, staff). */
@ApiTags('admin: refunds')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminExtraPaymentsController {
  constructor(private readonly refunds: ExtraPaymentRefunds) {}

  @Post('refundExtraPayment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refund an extra payment (after a full refund, paid twice, an old amount): card / LINE Pay at the gateway, ATM / CVS recorded as a bank transfer' })
  async refundExtraPayment(@CurrentAdmin() admin: SessionAdmin, @Body() dto: RefundExtraPaymentDto): Promise<RefundExtraPaymentAnswer> {
    const out = await this.refunds.refund(admin, dto.extra_payment_id, dto.bank);
    if (!out.ok) throw new AppError(out.message, HttpStatus.CONFLICT, { extraPayment: out.extraPayment });
    return ok({ extraPayment: out.extraPayment }, out.message);
  }
}
