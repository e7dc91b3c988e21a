import { Inject, Injectable, Logger } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Transactions } from '../../common/transactions/transactions';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { SMS_SENDER, type SmsSender } from '../../integrations/sms/sms-sender';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { OrderStateService } from '../orders/order-state.service';
import { SettingsService } from '../settings/settings.service';
import { ShippingTicket } from './entities/shipping-ticket.entity';
import { LogisticsStatusService } from './logistics-status.service';

/** The at-store SMS (≤ 70 characters for one message with a short shop name). */
export function parcelAtStoreSms(shopName: string, merTradeNo: string, storeName: string): string {
  return `【${shopName}】您的訂單 ${merTradeNo} 已送達 7-ELEVEN ${storeName}，請於 7 天內攜帶證件取件。`;
}

/**
 * `logistics.sync-status` (the repeatable status sync of open shipments) and
 * `sms.parcel-at-store` (the receiver's SMS when the parcel reaches the store; idempotent through
 * `shipping_tickets.at_store_sms_at`: a re-run sends nothing once recorded).
 */
@Injectable()
export class LogisticsStatusProcessor {
  private readonly log = new Logger('LogisticsJobs');

  constructor(
    private readonly tx: Transactions,
    private readonly status: LogisticsStatusService,
    private readonly orders: OrderStateService,
    private readonly settings: SettingsService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  @JobHandler(JobName.LogisticsSyncStatus)
  sync(job: JobOf<'logistics.sync-status'>) {
    return this.status.sync(job.data.limit);
  }

  @JobHandler(JobName.SmsParcelAtStore)
  async atStore(job: JobOf<'sms.parcel-at-store'>): Promise<void> {
    const ticket = await this.tx.repo(ShippingTicket).findOne({ where: { id: job.data.ticketId } });
    if (!ticket || ticket.at_store_sms_at) return;
    const order = await this.orders.findById(ticket.order_id);
    if (!order) return;
    const phone = (order.phone || order.buy_phone).trim();
    if (!phone) return void this.log.log(`ticket #${ticket.id}: no receiver phone, at-store SMS not sent`);
    await this.sms.send(phone, parcelAtStoreSms(await this.shopName(), order.mer_trade_no, order.store_name));
    await this.tx.repo(ShippingTicket).update({ id: ticket.id, at_store_sms_at: IsNull() }, { at_store_sms_at: new Date() });
    this.log.log(`ticket #${ticket.id} at-store SMS sent to ${maskRecipient(phone)}`);
  }

  private async shopName(): Promise<string> {
    const pub = (await this.settings.publicSettings()).find((s) => s.s_key === 'COMPANY_NAMEN');
    const name = (pub?.s_value ?? '').trim();
    return name || 'skinshop';
  }
}
