import { Injectable, Logger } from '@nestjs/common';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { PaymentsService } from '../payments/payments.service';
import { ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';

/**
 * `payments.cancel-code` (job id `cancel-code:<orderId>`, enqueued by OrderStateService.cancel for
 * an order with a code to pay): cancels the unpaid code at its gateway through the order's
 * PaymentProvider (a 7-ELEVEN code: `cancel_cvs`) so it can no longer be paid. Idempotent: the
 * cancel is recorded on the payment attempt, and the gateway answering that the code is unknown,
 * paid or already void counts as done. A code the gateway cannot cancel (an ATM virtual account)
 * simply lapses at its ExpireDate (a transfer before then arrives as a paid notify for a cancelled
 * order: paid-after-cancel, refunded by staff).
 */
@Injectable()
export class PaymentCancelCodeProcessor {
  private readonly logger = new Logger('PaymentCancelCode');

  constructor(
    private readonly orders: OrderStateService,
    private readonly payments: PaymentsService,
  ) {}

  @JobHandler(JobName.PaymentsCancelCode)
  async cancelCode(job: JobOf<'payments.cancel-code'>): Promise<'done' | 'none' | 'skipped'> {
    const order = await this.orders.findById(job.data.orderId);
    if (!order) return 'skipped';
    if (order.status_name !== ORDER_STATUS.cancelled || order.payment_status === PAYMENT_STATUS.paid) return 'skipped';
    const r = await this.payments.cancelCode(order.id);
    if (r === 'unsupported') {
      this.logger.log(`order ${order.mer_trade_no}: the gateway cannot cancel its ${order.payment} code; it lapses at its ExpireDate`);
      return 'skipped';
    }
    if (r === 'done') this.logger.log(`order ${order.mer_trade_no}: ${order.payment} code cancelled at the gateway`);
    return r;
  }
}
