import { Inject, Injectable, Logger } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { messageOrigin } from '../../common/messages/message-origin';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MAIL_SENDER, type MailSender } from '../../integrations/mail/mail-sender';
import { loadMailBrand } from '../../integrations/mail/templates/mail-brand';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { InvoiceAllowancesService } from '../invoices/invoice-allowances.service';
import { OrderStateService } from '../orders/order-state.service';
import { SettingsService } from '../settings/settings.service';
import { Refund } from './entities/refund.entity';
import { refundMail } from './refund-mail';

/**
 * The buyer's refund notice (`mail.order-refunded`, one per refund once it is done or recorded
 * for a transfer). Idempotent through `refunds.notified_at`: a run finds it set → sends nothing;
 * else it sends, then sets it. The crash window between the two resends once with the same
 * Message-ID (clients fold it). Mail failures throw, so the queue retries.
 */
@Injectable()
export class RefundMailProcessor {
  private readonly logger = new Logger(RefundMailProcessor.name);

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly settings: SettingsService,
    private readonly allowances: InvoiceAllowancesService,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.MailOrderRefunded)
  async send(job: JobOf<'mail.order-refunded'>): Promise<void> {
    const refund = await this.tx.repo(Refund).findOne({ where: { id: job.data.refundId } });
    if (!refund || refund.notified_at) return;
    if (refund.status !== 'done' && refund.status !== 'manual') return void this.logger.log(`refund #${refund.id} notice not sent: status ${refund.status}`);
    const order = await this.orders.findById(refund.order_id);
    if (!order?.buy_email) return void this.logger.log(`refund #${refund.id} notice not sent: no buyer e-mail`);
    const brand = await loadMailBrand(this.settings, messageOrigin(this.config));
    // A partial refund of an invoiced order: the link to 同意電子折讓 (the allowance waits for it).
    const allowance = await this.allowances.consentLinkForRefund(refund.id);
    await this.mail.send(await refundMail(order, refund, { brand, allowance }));
    await this.tx.repo(Refund).update({ id: refund.id, notified_at: IsNull() }, { notified_at: new Date() });
    this.logger.log(`refund #${refund.id} notice sent to ${maskRecipient(order.buy_email)}`);
  }
}
