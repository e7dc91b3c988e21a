import { Inject, Injectable, Logger } from '@nestjs/common';
import { messageOrigin } from '../../common/messages/message-origin';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { uuidFromName } from '../../integrations/line-messaging/line-retry-key';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { SMS_SENDER, type SmsSender } from '../../integrations/sms/sms-sender';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { InvoiceAllowancesService } from '../invoices/invoice-allowances.service';
import { OrderStateService } from '../orders/order-state.service';
import { MemberReach, type ReachRoute } from '../preferences/member-reach.service';
import { SettingsService } from '../settings/settings.service';
import { orderNewsText } from './order-news-texts';
import { OrderNews, orderNewsJobId } from './order-news.service';

/**
 * `order.news`: one piece of order news routed by the member's notify_channel (MemberReach):
 * LINE → a `line.push` outbox job (its X-Line-Retry-Key derived from this news, the SMS as its
 * fallback); SMS → sent here; e-mail → nothing (the order mails are the news), unless the order has
 * no e-mail → SMS. Orders without a member go by SMS. The at-store news goes to the receiver's phone.
 * A refund whose e-invoice allowance awaits the member's consent adds the allowance-consent news.
 * Once per event: the job id is unique in the outbox; SMS providers take no idempotency key, so a
 * crash between the send and the job's end may resend once (as the order SMS always did).
 */
@Injectable()
export class OrderNewsProcessor {
  private readonly log = new Logger('OrderNews');

  constructor(
    private readonly orders: OrderStateService,
    private readonly reach: MemberReach,
    private readonly news: OrderNews,
    private readonly outbox: Outbox,
    private readonly allowances: InvoiceAllowancesService,
    private readonly settings: SettingsService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.OrderNews)
  async send(job: JobOf<'order.news'>): Promise<void> {
    const { orderId, kind, ref } = job.data;
    const what = `order #${orderId} news ${kind}:${ref}`;
    const order = await this.orders.findById(orderId);
    if (!order) return void this.log.warn(`${what} skipped: no such order`);

    let allowanceToken: string | null = null;
    if (kind === 'refunded' && (await this.allowances.consentLinkForRefund(Number(ref)))) await this.news.enqueue('allowance-consent', orderId, ref);
    if (kind === 'allowance-consent') {
      allowanceToken = (await this.allowances.consentLinkForRefund(Number(ref)))?.token ?? null;
      if (!allowanceToken) return void this.log.log(`${what} not sent: no allowance awaits consent`);
    }

    const orderPhone = (kind === 'at-store' ? order.phone || order.buy_phone : order.buy_phone || order.phone).trim();
    const route: ReachRoute | null = order.user_id
      ? await this.reach.orderNewsRoute(order.user_id, order.buy_email ?? '')
      : orderPhone
        ? { channel: 'sms', phone: orderPhone }
        : null;
    if (!route) return void this.log.log(`${what} not sent: no channel (no phone, inactive or blocked member)`);
    if (route.channel === 'email') return void this.log.log(`${what}: the order e-mails are the news (channel email)`);

    const text = orderNewsText(
      kind,
      { merTradeNo: order.mer_trade_no, totalAmount: order.total_amount, storeName: order.store_name ?? '' },
      { shopName: await this.shopName(), origin: messageOrigin(this.config), allowanceToken },
    );
    if (route.channel === 'line') {
      const jobId = orderNewsJobId(kind, ref);
      const phone = orderPhone || route.fallbackPhone;
      await this.outbox.enqueue(
        JobName.LinePush,
        { userId: order.user_id as number, lineUserId: route.lineUserId, text, retryKey: uuidFromName(jobId), ...(phone ? { fallback: { phone, text } } : {}) },
        { jobId: `line:${jobId}` },
      );
      return void this.log.log(`${what} queued for LINE`);
    }
    const phone = orderPhone || route.phone;
    await this.sms.send(phone, text);
    this.log.log(`${what} sent by SMS to ${maskRecipient(phone)}`);
  }

  private async shopName(): Promise<string> {
    const pub = (await this.settings.publicSettings()).find((s) => s.s_key === 'COMPANY_NAME');
    const name = pub ? (pub.s_value ?? '') : await this.settings.get('COMPANY_NAME');
    return name.trim() || 'skinshop';
  }
}
