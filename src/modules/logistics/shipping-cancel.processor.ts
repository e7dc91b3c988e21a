import { Inject, Injectable, Logger } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { PayuniError } from '../../integrations/payuni/payuni-gateway';
import type { LgsType, PayuniLogistics } from '../../integrations/payuni/payuni-logistics';
import { PAYUNI_LOGISTICS } from '../../integrations/providers/provider-tokens';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { ShippingTicket } from './entities/shipping-ticket.entity';
import { SHIPPING_MSG } from './shipping-pages';

/**
 * `shipping.cancel-ticket` (job id `ship-cancel:<ticketId>`): an order fully refunded before its
 * parcel was handed over — its live PAYUNi ticket is cancelled at PAYUNi (`logistics/cancel`) and
 * stops being the order's shipment (live_order_id null, ShipStatus 41). Idempotent: a ticket no
 * longer live, or already 41, is left alone. PAYUNi refusing (already sent) is logged and kept for
 * staff on the ticket's message; a network failure is retried by the queue.
 */
@Injectable()
export class ShippingCancelProcessor {
  private readonly log = new Logger('ShippingCancelJob');

  constructor(
    private readonly tx: Transactions,
    @Inject(PAYUNI_LOGISTICS) private readonly payuni: PayuniLogistics,
  ) {}

  @JobHandler(JobName.ShippingCancelTicket)
  async handle(job: JobOf<'shipping.cancel-ticket'>): Promise<void> {
    const data = job.data;
    const t = await this.tx.repo(ShippingTicket).findOne({ where: { id: data.ticketId } });
    if (!t || t.order_id !== data.orderId || t.live_order_id === null || t.ship_status === '41' || !t.ship_trade_no) return;
    try {
      await this.payuni.cancelShipment({ lgsType: t.lgs_type as LgsType, shipTradeNo: t.ship_trade_no });
    } catch (e) {
      if (!(e instanceof PayuniError) || e.retryable) throw e;
      this.log.warn(`ticket #${t.id} (${t.ship_trade_no}) not cancelled at PAYUNi: ${e.message}`);
      await this.tx.repo(ShippingTicket).update({ id: t.id }, { message: `${SHIPPING_MSG.cancelRefused}：${e.message}`.slice(0, 255) });
      return;
    }
    await this.tx.repo(ShippingTicket).update({ id: t.id, live_order_id: t.order_id }, { live_order_id: null, ship_status: '41', ship_status_desc: '已取消', ship_status_time: new Date(), message: SHIPPING_MSG.cancelledAfterRefund });
  }
}
