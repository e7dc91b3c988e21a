import { Inject, Injectable, Logger } from '@nestjs/common';
import { messageOrigin } from '../../common/messages/message-origin';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MAIL_SENDER, type MailMessage, type MailSender } from '../../integrations/mail/mail-sender';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { SMS_SENDER, type SmsSender } from '../../integrations/sms/sms-sender';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { SettingsService } from '../settings/settings.service';
import { OrderMessage } from './entities/order-message.entity';
import type { Order } from './entities/order.entity';
import { adjustmentsOf } from './order-adjustments';
import { newCodeKind, ORDER_MESSAGE_KIND, orderConfirmationMail, orderNewCodeMail, orderPaidMail, orderPaidSms, PAYMENT_LABELS, SHIPPING_NAMES, type OrderMailContext, type OrderMessageKind } from './order-mail';
import { canMove, GATEWAY } from './order-lifecycle';
import { ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';

/**
 * The buyer's order messages: `mail.order-confirmation`, `mail.order-paid`, `sms.order-paid`
 * (payloads carry only the order id; the order is read through `OrderStateService.withItems`).
 *
 * Idempotent through `order_messages` (one row per order and kind): a job finds its row → sends
 * nothing; else it sends, then writes the row (a concurrent duplicate insert is ignored). The one
 * window left — the provider accepted, the process died before the row — resends once: mails
 * carry a fixed Message-ID per order and kind (clients fold the copy); SMS APIs take no
 * idempotency key. Provider failures throw, so the queue retries with backoff.
 */
@Injectable()
export class OrderMessagesProcessor {
  private readonly logger = new Logger(OrderMessagesProcessor.name);

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly settings: SettingsService,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.MailOrderConfirmation)
  async confirmation(job: JobOf<'mail.order-confirmation'>): Promise<void> {
    const kind = ORDER_MESSAGE_KIND.confirmation;
    const found = await this.load(job.data.orderId, kind);
    if (!found) return;
    const { order, items } = found;
    // An order cancelled before its confirmation went out (its payment could not be started, the
    // member cancelled at once) never became an order to confirm.
    if (order.status_name === ORDER_STATUS.cancelled) return this.skip(order, kind, 'order is cancelled');
    const adjustments = (await adjustmentsOf(this.tx, [order.id])).get(order.id) ?? [];
    await this.sendMail(order, kind, orderConfirmationMail(order, items, await this.context(order), adjustments));
  }

  /** 訂單金額調整通知: the new ATM / CVS code of a re-priced unpaid order (one mail per issued code). */
  @JobHandler(JobName.MailOrderNewCode)
  async newCodeMail(job: JobOf<'mail.order-new-code'>): Promise<void> {
    const kind = newCodeKind(job.data.attempt);
    const found = await this.load(job.data.orderId, kind);
    if (!found) return;
    const { order } = found;
    // Paid or cancelled meanwhile (the lifecycle's `pay` move can no longer happen): the new code is of no use any more.
    if (!canMove('pay', order, GATEWAY)) return this.skip(order, kind, 'order is no longer unpaid');
    const adjustments = (await adjustmentsOf(this.tx, [order.id])).get(order.id) ?? [];
    await this.sendMail(order, kind, orderNewCodeMail(order, await this.context(order), adjustments, job.data.attempt, job.data.reason));
  }

  @JobHandler(JobName.MailOrderPaid)
  async paidMail(job: JobOf<'mail.order-paid'>): Promise<void> {
    const kind = ORDER_MESSAGE_KIND.paidMail;
    const found = await this.load(job.data.orderId, kind);
    if (!found) return;
    const { order } = found;
    if (order.payment_status !== PAYMENT_STATUS.paid) return this.skip(order, kind, 'order is not paid');
    await this.sendMail(order, kind, orderPaidMail(order, await this.context(order)));
  }

  @JobHandler(JobName.SmsOrderPaid)
  async paidSms(job: JobOf<'sms.order-paid'>): Promise<void> {
    const kind = ORDER_MESSAGE_KIND.paidSms;
    const found = await this.load(job.data.orderId, kind);
    if (!found) return;
    const { order } = found;
    if (order.payment_status !== PAYMENT_STATUS.paid) return this.skip(order, kind, 'order is not paid');
    if (!order.buy_phone) return this.skip(order, kind, 'no buyer phone');
    await this.sms.send(order.buy_phone, orderPaidSms(order, await this.shopName()));
    await this.record(order.id, kind);
    this.logger.log(`order #${order.id} ${kind} sent to ${maskRecipient(order.buy_phone)}`);
  }

  /** The order and its lines, or null when it is gone or this message was already sent. */
  private async load(orderId: number, kind: OrderMessageKind): Promise<Awaited<ReturnType<OrderStateService['withItems']>>> {
    if (await this.tx.repo(OrderMessage).exists({ where: { order_id: orderId, kind } })) return null;
    const found = await this.orders.withItems(orderId);
    if (!found) this.logger.warn(`order #${orderId} ${kind} skipped: no such order`);
    return found;
  }

  private skip(order: Order, kind: OrderMessageKind, why: string): void {
    this.logger.log(`order #${order.id} ${kind} not sent: ${why}`);
  }

  private async sendMail(order: Order, kind: OrderMessageKind, message: MailMessage): Promise<void> {
    if (!order.buy_email) return this.skip(order, kind, 'no buyer e-mail');
    await this.mail.send(message);
    await this.record(order.id, kind);
    this.logger.log(`order #${order.id} ${kind} sent to ${maskRecipient(order.buy_email)}`);
  }

  /** The ledger row; a concurrent run's row already there is fine (unique order_id + kind). */
  private async record(orderId: number, kind: OrderMessageKind): Promise<void> {
    await this.tx.manager.createQueryBuilder().insert().into(OrderMessage).values({ order_id: orderId, kind, sent_at: new Date() }).orIgnore().execute();
  }

  /** COMPANY_NAME from the cached public settings (it is public); read directly when it is not among them. */
  private async shopName(): Promise<string> {
    const pub = (await this.settings.publicSettings()).find((s) => s.s_key === 'COMPANY_NAME');
    const name = pub ? (pub.s_value ?? '') : await this.settings.get('COMPANY_NAME');
    return name.trim() || 'skinshop';
  }

  /** Shop name and the names of the active methods, all from the cached settings answers. */
  private async context(order: Order): Promise<OrderMailContext> {
    const [shopName, methods] = await Promise.all([this.shopName(), this.settings.allMethods()]);
    const shipping = methods.shipping.filter((s) => s.active);
    const payment = methods.payment.filter((p) => p.active);
    return {
      shopName,
      origin: messageOrigin(this.config),
      shippingName: shipping.find((s) => s.id === order.shipping)?.name ?? SHIPPING_NAMES[order.shipping] ?? String(order.shipping),
      paymentLabel: payment.find((p) => p.method_code === order.payment)?.method_label ?? PAYMENT_LABELS[order.payment] ?? order.payment,
    };
  }
}
