import { Injectable, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-events';
import { JobName } from '../../jobs/job-types';
import { STAFF_ALERT, StaffAlerts } from './staff-alerts.service';

/**
 * The staff alerts this module raises itself: 聯絡表單 (a contact message was stored; written in its
 * transaction) and 任務失敗 (a job ran out of attempts). A failed `telegram.notify` job raises
 * nothing: its alert would be another telegram.notify that fails the same way (a loop).
 * The order alerts (新訂單, 付款完成, 訂單取消) are raised by the orders module, which can name the
 * order; 退款申請 by the refunds module.
 */
@Injectable()
export class StaffAlertsSubscriber implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly alerts: StaffAlerts,
  ) {}

  onModuleInit(): void {
    this.events.inTransaction('contact.received', async ({ contactMessageId }) => {
      await this.alerts.raise(STAFF_ALERT.contactMessage, `【聯絡表單】收到新的聯絡表單訊息 #${contactMessageId}，內容已寄至客服信箱。`, `alert-contact:${contactMessageId}`);
    });
    this.events.inTransaction('job.failed', async ({ queue, name, jobId, error }) => {
      if (name === JobName.TelegramNotify) return;
      await this.alerts.raise(
        STAFF_ALERT.jobFailed,
        `【任務失敗】${name}（佇列 ${queue}，任務 ${jobId}）已用盡重試次數：${error.slice(0, 300)}。請至後台「任務佇列」查看並重試。`,
        `alert-job-failed:${queue}:${jobId}:${Date.now()}`,
      );
    });
  }
}
