import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { AsyncResource } from 'node:async_hooks';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { plainFind } from '../../database/plain-sql';
import { STAFF_ALERT_SENDER, type StaffAlertSender } from '../../integrations/providers/provider-tokens';
import { TELEGRAM_TEXT_MAX } from '../../integrations/telegram/telegram-client';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { NotificationSetting } from './entities/notification-setting.entity';

/** Between two alerts of one message. */
export const ALERT_SEPARATOR = '\n\n';

type Alert = JobOf<'telegram.notify'>['data'];

/**
 * Staff alerts (`telegram.notify`, through the outbox): sent to the staff chat (TELEGRAM_CHAT_ID)
 * when the alert's notification setting has Telegram on; an unknown or switched-off type completes
 * without sending. Failures throw, so the queue retries with backoff. Re-runs: Telegram has no
 * idempotency key; a worker that dies between the send and the job's completion sends the alert
 * once more (a duplicate staff message is harmless; a lost refund alert is not).
 *
 * Alerts that come within STAFF_ALERT_BATCH_MS of the first go as one message, in the order they
 * came, separated by a blank line, at most 4096 characters (a fuller message leaves at once). A
 * bot may send about one message a second to a chat and 20 a minute to a group: one message per
 * new order would be refused with 429 in a busy hour. Each alert's job completes when its message
 * was sent; a refused message fails every job in it, and their retries are batched again.
 */
@Injectable()
export class StaffAlertsProcessor implements OnApplicationShutdown {
  private readonly logger = new Logger(StaffAlertsProcessor.name);
  private pending: { alert: Alert; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private pendingChars = 0;
  private timer?: NodeJS.Timeout;
  /** Sends outside the async context of the alert that opened the batch. */
  private readonly detached = AsyncResource.bind(<X>(fn: () => X): X => fn());

  constructor(
    private readonly tx: Transactions,
    @Inject(STAFF_ALERT_SENDER) private readonly sender: StaffAlertSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.TelegramNotify)
  async send(job: JobOf<'telegram.notify'>): Promise<void> {
    const windowMs = this.config.providers.telegram.batchMs;
    if (!(windowMs > 0)) return this.sendNow([job.data]);
    return new Promise<void>((resolve, reject) => {
      const chars = job.data.text.length + ALERT_SEPARATOR.length;
      if (this.pending.length > 0 && this.pendingChars + chars > TELEGRAM_TEXT_MAX) this.flush();
      this.pending.push({ alert: job.data, resolve, reject });
      this.pendingChars += chars;
      this.timer ??= this.detached(() => setTimeout(() => this.flush(), windowMs));
    });
  }

  /** At shutdown the waiting alerts go at once (their jobs are still running). */
  onApplicationShutdown(): void {
    if (this.pending.length > 0) this.flush();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    this.detached(() =>
      this.sendNow(batch.map((b) => b.alert)).then(
        () => batch.forEach((b) => b.resolve()),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      ),
    );
  }

  /** The alerts whose setting has Telegram on, as one message. */
  private async sendNow(alerts: Alert[]): Promise<void> {
    const types = [...new Set(alerts.map((a) => a.settingType))];
    const on = new Set(
      (await plainFind(this.tx.manager, NotificationSetting, { select: ['setting_type'], where: { setting_type: types, is_telegram: 1 } })).map((s) => s.setting_type),
    );
    for (const type of types) if (!on.has(type)) this.logger.log(`staff alert ${type} not sent: Telegram is off for it`);
    const texts = alerts.filter((a) => on.has(a.settingType)).map((a) => a.text);
    if (texts.length === 0) return;
    await this.sender.send(this.config.providers.telegram.chatId, texts.join(ALERT_SEPARATOR));
    this.logger.log(`staff alert${texts.length > 1 ? `s (${texts.length} in one message)` : ''} ${[...on].join(', ')} sent`);
  }
}
