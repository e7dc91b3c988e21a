import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { NotificationSettingView, NotificationSettingsAnswer } from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { ReadCache } from '../../common/cache/read-cache.service';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { ADMIN_MSG } from '../../common/validation/admin';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { AuditTrail } from '../audit/audit-trail.service';
import { NotificationSetting } from './entities/notification-setting.entity';
import { SETTINGS_CACHE } from './settings.service';

/** The notification settings' types (reference rows in src/database/seeds/reference-data.ts). */
export const STAFF_ALERT = {
  newOrder: 'new_order',
  paymentCompleted: 'payment_completed',
  orderCancelled: 'order_cancelled',
  /** A member asked for a return (退款申請; raised by the refunds module). */
  refundRequest: 'refund_request',
  /** A payment arrived for a cancelled order (raised by OrderStateService). */
  refundRequired: 'refund_required',
  contactMessage: 'contact_message',
  jobFailed: 'job_failed',
} as const;
export type StaffAlertType = (typeof STAFF_ALERT)[keyof typeof STAFF_ALERT];

/** The one field a notification setting has today (spec 3 §7 `field`). */
export const NOTIFICATION_FIELDS = ['is_telegram'] as const;

const CACHE_KEY = `${SETTINGS_CACHE}notifications`;

/** `NT$ 1,234`. */
export const ntd = (n: number): string => `NT$ ${n.toLocaleString('en-US')}`;

/**
 * Staff alerts (issue 11): the notification settings (spec 3 §7: which alert goes to Telegram) and
 * `raise()`, which writes a `telegram.notify` job into the caller's transaction (the outbox) when
 * that alert's Telegram switch is on. The processor (StaffAlertsProcessor) checks the switch again
 * when it sends, so an alert switched off meanwhile is not sent.
 */
@Injectable()
export class StaffAlerts {
  private readonly logger = new Logger(StaffAlerts.name);

  constructor(
    private readonly tx: Transactions,
    private readonly outbox: Outbox,
    private readonly cache: ReadCache,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Queues the alert `text` of `type` under `jobId` (the same id twice is one alert), in the current
   * transaction when there is one. Nothing is queued while the alert's Telegram switch is off.
   */
  async raise(type: StaffAlertType, text: string, jobId: string): Promise<boolean> {
    if (!(await this.enabled(type))) return false;
    await this.outbox.enqueue(JobName.TelegramNotify, { settingType: type, text: text.slice(0, 3500) }, { jobId });
    return true;
  }

  /** Whether `type`'s Telegram switch is on (cached until a setting changes). */
  async enabled(type: string): Promise<boolean> {
    const switches = await this.cache.getOrLoad(CACHE_KEY, async () => {
      const rows = await this.tx.repo(NotificationSetting).find({ select: { setting_type: true, is_telegram: true } });
      return Object.fromEntries(rows.map((r) => [r.setting_type, r.is_telegram === 1])) as Record<string, boolean>;
    });
    return switches[type] === true;
  }

  /** `GET /api/admin/loadNotificationsSettings`. */
  async list(): Promise<NotificationSettingsAnswer> {
    const rows = await this.tx.repo(NotificationSetting).find({ order: { id: 'ASC' } });
    return ok({ notificationsSettings: rows.map(toView) });
  }

  /**
   * `POST /api/admin/updateNotificationSetting {setting_type, field, value}`: switches one alert's
   * Telegram on or off; audited. An unknown type: 404 更新通知設定失敗.
   */
  async update(admin: SessionAdmin, settingType: string, field: (typeof NOTIFICATION_FIELDS)[number], value: 0 | 1): Promise<Envelope<{ notificationsSetting: NotificationSettingView }>> {
    const view = await this.tx.run(async () => {
      const repo = this.tx.repo(NotificationSetting);
      const row = await repo.findOne({ where: { setting_type: settingType } });
      if (!row) throw new AppError(ADMIN_MSG.notificationsUpdateFailed, HttpStatus.NOT_FOUND);
      if (row[field] !== value) {
        await repo.update({ id: row.id }, { [field]: value });
        await this.audit.record({
          admin,
          action: 'notification.update',
          entity: 'notification_setting',
          entityId: row.setting_type,
          before: { [field]: row[field] },
          after: { [field]: value },
          summary: `${row.setting_name} Telegram ${value ? '開啟' : '關閉'}`,
        });
        this.tx.afterCommit(() => this.cache.invalidate(CACHE_KEY));
      }
      return toView({ ...row, [field]: value });
    });
    return ok({ notificationsSetting: view }, ADMIN_MSG.notificationUpdated);
  }
}

function toView(r: NotificationSetting): NotificationSettingView {
  return { id: r.id, setting_type: r.setting_type, setting_name: r.setting_name, is_telegram: r.is_telegram };
}
