import { Injectable, Logger } from '@nestjs/common';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { PaymentsService } from '../payments/payments.service';
import { ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';

/**
 * `payments.cancel-code` (job id `cancel-code:<orderId>`, enqueued by OrderStateService.cancel for a
 * CVS order with a code): cancels the unpaid 7-ELEVEN code at PAYUNi (`cancel_cvs`) so it can no
 * longer be paid. Idempotent: the cancel is recorded on the payment attempt, and PAYUNi answering
 * that the code is unknown, paid or already void counts as done. PAYUNi has no API to cancel an
 * ATM virtual account: an ATM order's account simply lapses at its ExpireDate (a transfer before
 * then arrives as a paid notify for a cancelled order: paid-after-cancel, refunded by staff).
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
    if (order.payment !== 'cvs') {
      if (order.payment === 'atm') this.logger.log(`order ${order.mer_trade_no}: PAYUNi cannot cancel an ATM account; it lapses at its ExpireDate`);
      return 'skipped';
    }
    const r = await this.payments.cancelCvsCode(order.id);
    if (r === 'done') this.logger.log(`order ${order.mer_trade_no}: CVS code cancelled at PAYUNi`);
    return r;
  }
}
