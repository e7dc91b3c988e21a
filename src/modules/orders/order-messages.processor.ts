import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DomainEvents, type DomainEventMap } from '../../common/events/domain-events';
import { messageOrigin } from '../../common/messages/message-origin';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MAIL_SENDER, type MailMessage, type MailSender } from '../../integrations/mail/mail-sender';
import { loadMailBrand } from '../../integrations/mail/templates/mail-brand';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { SMS_SENDER, type SmsSender } from '../../integrations/sms/sms-sender';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf, type OrderMailNewsKind } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { plainFindOne, plainInsert } from '../../database/plain-sql';
import { SettingsService } from '../settings/settings.service';
import { OrderMessage } from './entities/order-message.entity';
import type { Order } from './entities/order.entity';
import { adjustmentsOf } from './order-adjustments';
import {
  NEWS_MAIL_KIND,
  newCodeKind,
  ORDER_MESSAGE_KIND,
  orderConfirmationMail,
  orderNewCodeMail,
  orderNewsMail,
  orderPaidMail,
  orderPaidSms,
  PAYMENT_LABELS,
  SHIPPING_NAMES,
  type OrderMailContext,
  type OrderMessageKind,
} from './order-mail';
import { canMove, GATEWAY } from './order-lifecycle';
import { ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from './order-state.service';

/** How long the paid mail waits for the order's e-invoice number (the invoice job runs beside it). */
export const PAID_MAIL_INVOICE_WAIT_MS = 3000;
const INVOICE_POLL_MS = 150;

/** Cancels that never were an order to the buyer (the payment could not even start: 訂單未成立): no mail. */
const SILENT_CANCELS: ReadonlyArray<DomainEventMap['order.cancelled']['by']> = ['payment-start-failed'];

/**
 * The buyer's order messages: `mail.order-confirmation`, `mail.order-paid`, `sms.order-paid`,
 * `mail.order-news` (issue 22 §6: shipped, at the store, delivered, cancelled — enqueued in the
 * transaction of the domain event, one job per order and kind) (payloads carry only the order id;
 * the order is read through `OrderStateService.withItems`). Every e-mail goes to the order's
 * e-mail when it has one (e-mails are the records), in the shop's layout with its brand.
 *
 * Idempotent through `order_messages` (one row per order and kind): a job finds its row → sends
 * nothing; else it sends, then writes the row (a concurrent duplicate insert is ignored). The one
 * window left — the provider accepted, the process died before the row — resends once: mails
 * carry a fixed Message-ID per order and kind (clients fold the copy); SMS APIs take no
 * idempotency key. Provider failures throw, so the queue retries with backoff.
 */
@Injectable()
export class OrderMessagesProcessor implements OnModuleInit {
  private readonly logger = new Logger(OrderMessagesProcessor.name);

  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
    private readonly outbox: Outbox,
    private readonly orders: OrderStateService,
    private readonly settings: SettingsService,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // In the event's transaction: the mail job exists exactly when the step committed.
    this.events.inTransaction('order.shipped', ({ orderId }) => this.enqueueNews(orderId, 'shipped'));
    this.events.inTransaction('order.at-store', ({ orderId }) => this.enqueueNews(orderId, 'at-store'));
    this.events.inTransaction('order.delivered', ({ orderId }) => this.enqueueNews(orderId, 'delivered'));
    this.events.inTransaction('order.cancelled', ({ orderId, by }) => (SILENT_CANCELS.includes(by) ? Promise.resolve() : this.enqueueNews(orderId, 'cancelled')));
  }

  private enqueueNews(orderId: number, kind: OrderMailNewsKind): Promise<void> {
    return this.outbox.enqueue(JobName.MailOrderNews, { orderId, kind }, { jobId: `mail-news:${kind}:${orderId}` });
  }

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
    await this.sendMail(order, kind, await orderConfirmationMail(order, items, await this.context(order), adjustments));
  }

  /** 訂單金額調整通知: the new ATM / CVS code of a re-priced unpaid order (one mail per issued code). */
  @JobHandler(JobName.MailOrderNewCode)
  async newCodeMail(job: JobOf<'mail.order-new-code'>): Promise<void> {
    const kind = newCodeKind(job.data.attempt);
    const found = await this.load(job.data.orderId, kind);
    if (!found) return;
    const { order, items } = found;
    // Paid or cancelled meanwhile (the lifecycle's `pay` move can no longer happen): the new code is of no use any more.
    if (!canMove('pay', order, GATEWAY)) return this.skip(order, kind, 'order is no longer unpaid');
    const adjustments = (await adjustmentsOf(this.tx, [order.id])).get(order.id) ?? [];
    await this.sendMail(order, kind, await orderNewCodeMail(order, await this.context(order), adjustments, job.data.attempt, job.data.reason, items));
  }

  @JobHandler(JobName.MailOrderPaid)
  async paidMail(job: JobOf<'mail.order-paid'>): Promise<void> {
    const kind = ORDER_MESSAGE_KIND.paidMail;
    const found = await this.load(job.data.orderId, kind);
    if (!found) return;
    const { items } = found;
    if (found.order.payment_status !== PAYMENT_STATUS.paid) return this.skip(found.order, kind, 'order is not paid');
    if (!found.order.buy_email) return this.skip(found.order, kind, 'no buyer e-mail');
    const order = await this.withInvoice(found.order);
    const adjustments = (await adjustmentsOf(this.tx, [order.id])).get(order.id) ?? [];
    await this.sendMail(order, kind, await orderPaidMail(order, await this.context(order), items, adjustments));
  }

  /** 訂單出貨 / 包裹到店 / 訂單送達 / 訂單取消 (issue 22 §6): once per order and kind. */
  @JobHandler(JobName.MailOrderNews)
  async newsMail(job: JobOf<'mail.order-news'>): Promise<void> {
    const kind = NEWS_MAIL_KIND[job.data.kind];
    const found = await this.load(job.data.orderId, kind);
    if (!found) return;
    const { order, items } = found;
    if (job.data.kind === 'cancelled' && order.status_name !== ORDER_STATUS.cancelled) return this.skip(order, kind, 'order is not cancelled');
    const adjustments = (await adjustmentsOf(this.tx, [order.id])).get(order.id) ?? [];
    await this.sendMail(order, kind, await orderNewsMail(job.data.kind, order, items, await this.context(order), adjustments));
  }

  /**
   * The paid order as it is once its e-invoice is issued, so 付款完成通知 carries the number: the
   * invoice job starts with the payment on its own queue and usually ends within a second. Waits
   * at most PAID_MAIL_INVOICE_WAIT_MS while the invoice is still to come ('' or pending); a failed
   * or slow invoice leaves the mail with the invoice note alone (the carrier's notice follows).
   */
  private async withInvoice(order: Order): Promise<Order> {
    const waiting = (o: Order) => !o.invoice_no && (o.invoice_status === '' || o.invoice_status === 'pending');
    const until = Date.now() + PAID_MAIL_INVOICE_WAIT_MS;
    let current = order;
    while (waiting(current) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, INVOICE_POLL_MS).unref());
      current = (await this.orders.findById(order.id)) ?? current;
    }
    return current;
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
    if (await plainFindOne(this.tx.manager, OrderMessage, { select: ['id'], where: { order_id: orderId, kind } })) return null;
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
    await plainInsert(this.tx.manager, OrderMessage, [{ order_id: orderId, kind, sent_at: new Date() }], { ignore: true });
  }

  /** COMPANY_NAME from the cached public settings (it is public); read directly when it is not among them. */
  private async shopName(): Promise<string> {
    const pub = (await this.settings.publicSettings()).find((s) => s.s_key === 'COMPANY_NAME');
    const name = pub ? (pub.s_value ?? '') : await this.settings.get('COMPANY_NAME');
    return name.trim() || 'skinshop';
  }

  /** The shop's brand and the names of the active methods, from the cached settings answers. */
  private async context(order: Order): Promise<OrderMailContext> {
    const [brand, methods] = await Promise.all([loadMailBrand(this.settings, messageOrigin(this.config)), this.settings.allMethods()]);
    const shipping = methods.shipping.filter((s) => s.active);
    const payment = methods.payment.filter((p) => p.active);
    return {
      brand,
      shippingName: shipping.find((s) => s.id === order.shipping)?.name ?? SHIPPING_NAMES[order.shipping] ?? String(order.shipping),
      paymentLabel: payment.find((p) => p.method_code === order.payment)?.method_label ?? PAYMENT_LABELS[order.payment] ?? order.payment,
    };
  }
}
