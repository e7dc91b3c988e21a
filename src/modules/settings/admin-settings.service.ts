import { HttpStatus, Injectable } from '@nestjs/common';
import type { AdminPaymentUpdateAnswer, AdminSettingsAnswer, AdminSettingUpdateAnswer, AdminShippingActiveAnswer, AdminShippingMethodView, AdminShippingSaveAnswer, ShippingMethodInput } from '../../common/api/admin-settings';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { settingProblem } from '../../common/validation/settings-rules';
import { AuditTrail } from '../audit/audit-trail.service';
import { PaymentMethod } from './entities/payment-method.entity';
import { Setting } from './entities/setting.entity';
import { ShippingMethod } from './entities/shipping-method.entity';

/** Texts of the settings screen (spec 3 §8: 更新失敗, 儲存成功, 儲存失敗). */
export const SETTINGS_MSG = {
  updated: '更新成功',
  updateFailed: '更新失敗',
  saved: '儲存成功',
  saveFailed: '儲存失敗',
} as const;

/**
 * Settings screen (spec 3 §7 settings): general settings, payment and shipping methods. Every write
 * is audited and publishes `settings.changed` after commit (the settings caches are dropped and
 * settingsVersion bumped, so shoppers see it on the next request). Only public general settings
 * (the start-up allowlist rows) are listed and editable here; private rows (e.g. the staff refund
 * limit) have their own screens and never appear.
 */
@Injectable()
export class AdminSettingsService {
  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly events: DomainEvents,
  ) {}

  async load(): Promise<AdminSettingsAnswer> {
    const [settings, payment, shipping] = await Promise.all([
      this.tx.repo(Setting).find({ where: { is_public: 1 }, order: { id: 'ASC' } }),
      this.tx.repo(PaymentMethod).find({ order: { sort_order: 'ASC', payment_method_id: 'ASC' } }),
      this.tx.repo(ShippingMethod).find({ order: { sort_order: 'ASC', id: 'ASC' } }),
    ]);
    return ok({
      settings: settings.map(({ id, title, s_key, s_value }) => ({ id, title, s_key, s_value })),
      payment_methods: payment.map(({ payment_method_id, method_code, method_label, status }) => ({ payment_method_id, method_code, method_label, status })),
      shipping_methods: shipping.map(shippingView),
    });
  }

  /**
   * `POST /api/admin/updatesettings {s_id, s_value}`. The value (trimmed) is checked by the kind of its
   * key (`settingProblem`: https URL of the right site, e-mail, phone, tax id, coordinates, maps key,
   * plain text); a refusal names the setting and stores nothing.
   */
  async updateSetting(admin: SessionAdmin, id: number, raw: string): Promise<AdminSettingUpdateAnswer> {
    const value = raw.trim();
    const view = await this.tx.run(async () => {
      const repo = this.tx.repo(Setting);
      const row = await repo.findOne({ where: { id, is_public: 1 } });
      if (!row) throw new AppError(SETTINGS_MSG.updateFailed, HttpStatus.NOT_FOUND);
      const problem = settingProblem(row.s_key, value);
      if (problem) throw new AppError(`${row.title}：${problem}`);
      if (row.s_value !== value) {
        await repo.update({ id }, { s_value: value });
        await this.audit.record({ admin, action: 'settings.update', entity: 'setting', entityId: row.s_key, before: { s_value: row.s_value }, after: { s_value: value }, summary: `修改設定 ${row.title}` });
        await this.events.publish('settings.changed', {});
      }
      return { id: row.id, title: row.title, s_key: row.s_key, s_value: value };
    });
    return ok({ setting: view }, SETTINGS_MSG.updated);
  }

  /** `POST /api/admin/updatepayment {payment_method_id, status}`. */
  async updatePayment(admin: SessionAdmin, id: number, status: number): Promise<AdminPaymentUpdateAnswer> {
    const view = await this.tx.run(async () => {
      const repo = this.tx.repo(PaymentMethod);
      const row = await repo.findOne({ where: { payment_method_id: id } });
      if (!row) throw new AppError(SETTINGS_MSG.updateFailed, HttpStatus.NOT_FOUND);
      if (row.status !== status) {
        await repo.update({ payment_method_id: id }, { status });
        await this.audit.record({ admin, action: 'settings.payment', entity: 'payment_method', entityId: row.method_code, before: { status: row.status }, after: { status }, summary: `${row.method_label} ${status ? '啟用' : '停用'}` });
        await this.events.publish('settings.changed', {});
      }
      return { payment_method_id: row.payment_method_id, method_code: row.method_code, method_label: row.method_label, status };
    });
    return ok({ payment_method: view }, SETTINGS_MSG.updated);
  }

  /** `POST /api/admin/updateshipping_active {id, is_active}`. */
  async updateShippingActive(admin: SessionAdmin, id: number, isActive: number): Promise<AdminShippingActiveAnswer> {
    const view = await this.tx.run(async () => {
      const repo = this.tx.repo(ShippingMethod);
      const row = await repo.findOne({ where: { id } });
      if (!row) throw new AppError(SETTINGS_MSG.updateFailed, HttpStatus.NOT_FOUND);
      if (row.is_active !== isActive) {
        await repo.update({ id }, { is_active: isActive });
        await this.audit.record({ admin, action: 'settings.shipping-active', entity: 'shipping_method', entityId: id, before: { is_active: row.is_active }, after: { is_active: isActive }, summary: `${row.name} ${isActive ? '啟用' : '停用'}` });
        await this.events.publish('settings.changed', {});
      }
      return shippingView({ ...row, is_active: isActive });
    });
    return ok({ shipping_method: view }, SETTINGS_MSG.updated);
  }

  /**
   * `POST /api/admin/updateshipping {shipping_methods}`: icon, cost, free-shipping threshold and
   * switch of each listed method (names are read-only); all or nothing. An unknown id: 儲存失敗.
   */
  async updateShipping(admin: SessionAdmin, list: ShippingMethodInput[]): Promise<AdminShippingSaveAnswer> {
    const views = await this.tx.run(async () => {
      const repo = this.tx.repo(ShippingMethod);
      let changed = false;
      for (const m of list) {
        const row = await repo.findOne({ where: { id: m.id } });
        if (!row) throw new AppError(SETTINGS_MSG.saveFailed, HttpStatus.NOT_FOUND);
        const next = { icon_url: m.icon_url, shipping_cost: m.shipping_cost, free_shipping_threshold: m.free_shipping_threshold, is_active: m.is_active };
        const before = { icon_url: row.icon_url, shipping_cost: row.shipping_cost, free_shipping_threshold: row.free_shipping_threshold, is_active: row.is_active };
        if (JSON.stringify(before) === JSON.stringify(next)) continue;
        await repo.update({ id: m.id }, next);
        await this.audit.record({ admin, action: 'settings.shipping', entity: 'shipping_method', entityId: m.id, before, after: next, summary: `修改運送方式 ${row.name}` });
        changed = true;
      }
      if (changed) await this.events.publish('settings.changed', {});
      return (await repo.find({ order: { sort_order: 'ASC', id: 'ASC' } })).map(shippingView);
    });
    return ok({ shipping_methods: views }, SETTINGS_MSG.saved);
  }
}

function shippingView(r: ShippingMethod): AdminShippingMethodView {
  return { id: r.id, name: r.name, icon_url: r.icon_url, shipping_cost: r.shipping_cost, free_shipping_threshold: r.free_shipping_threshold, is_active: r.is_active };
}
