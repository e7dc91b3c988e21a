import { Inject, Injectable, Logger } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { STAFF_ALERT_SENDER, type StaffAlertSender } from '../../integrations/providers/provider-tokens';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { NotificationSetting } from './entities/notification-setting.entity';

/**
 * Staff alerts (`telegram.notify`, through the outbox): sent to the staff chat (TELEGRAM_CHAT_ID)
 * when the alert's notification setting has Telegram on; an unknown or switched-off type completes
 * without sending. Failures throw, so the queue retries with backoff. Re-runs: Telegram has no
 * idempotency key; a worker that dies between the send and the job's completion sends the alert
 * once more (a duplicate staff message is harmless; a lost refund alert is not).
 */
@Injectable()
export class StaffAlertsProcessor {
  private readonly logger = new Logger(StaffAlertsProcessor.name);

  constructor(
    private readonly tx: Transactions,
    @Inject(STAFF_ALERT_SENDER) private readonly sender: StaffAlertSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @JobHandler(JobName.TelegramNotify)
  async send(job: JobOf<'telegram.notify'>): Promise<void> {
    const setting = await this.tx.repo(NotificationSetting).findOne({ where: { setting_type: job.data.settingType } });
    if (!setting || setting.is_telegram !== 1) {
      this.logger.log(`staff alert ${job.data.settingType} not sent: Telegram is off for it`);
      return;
    }
    await this.sender.send(this.config.providers.telegram.chatId, job.data.text);
    this.logger.log(`staff alert ${job.data.settingType} sent`);
  }
}
