import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CachedJson, ReadCache } from '../../common/cache/read-cache.service';
import type { PaymentAnswer, PaymentMethodView, PublicSetting, ShippingAnswer, ShippingMethodView } from '../../common/api/settings';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { PaymentMethod } from './entities/payment-method.entity';
import { Setting } from './entities/setting.entity';
import { ShippingMethod } from './entities/shipping-method.entity';

/** ReadCache prefix of every settings answer (the SEO module caches static pages under `settings:seo:`). */
export const SETTINGS_CACHE = 'settings:';

/** Characters of one part of a long private setting (the s_value column's length). */
const LONG_PART = 1000;

// The answer shapes are declared once in src/common/api/settings.ts (shared with the client as `@api/settings`).
export type { PaymentMethodView, ShippingMethodView };

/** Every shipping and payment method with whether it is offered now. */
export interface ShopMethods {
  shipping: (ShippingMethodView & { active: boolean })[];
  payment: (PaymentMethodView & { active: boolean })[];
}

/**
 * Shop settings: shipping and payment methods, general key/value settings. Cached answers are
 * dropped when `settings.changed` is published (SettingsCacheSubscriber).
 */
@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(ShippingMethod) private readonly shipping: Repository<ShippingMethod>,
    @InjectRepository(PaymentMethod) private readonly payment: Repository<PaymentMethod>,
    @InjectRepository(Setting) private readonly settings: Repository<Setting>,
    private readonly cache: ReadCache,
    private readonly tx: Transactions,
  ) {}

  loadShipping(): Promise<CachedJson> {
    return this.cache.getJson(`${SETTINGS_CACHE}shipping`, async (): Promise<ShippingAnswer> => ok({ shippingMethods: await this.activeShippingMethods() }));
  }

  loadPayment(): Promise<CachedJson> {
    return this.cache.getJson(`${SETTINGS_CACHE}payment`, async (): Promise<PaymentAnswer> => ok({ paymentMethods: await this.activePaymentMethods() }));
  }

  async activeShippingMethods(): Promise<ShippingMethodView[]> {
    const rows = await this.shipping.find({ where: { is_active: 1 }, order: { sort_order: 'ASC', id: 'ASC' } });
    return rows.map(({ id, name, icon_url, shipping_cost, free_shipping_threshold }) => ({
      id,
      name,
      icon_url,
      shipping_cost,
      free_shipping_threshold,
    }));
  }

  async activePaymentMethods(): Promise<PaymentMethodView[]> {
    const rows = await this.payment.find({ where: { status: 1 }, order: { sort_order: 'ASC', payment_method_id: 'ASC' } });
    return rows.map(({ method_code, method_label }) => ({ method_code, method_label }));
  }

  /**
   * Every shipping and payment method, active or not (checkout prices with the active ones; order
   * views name the method of an old order even after it was switched off). Cached until
   * `settings.changed`.
   */
  allMethods(): Promise<ShopMethods> {
    return this.cache.getOrLoad(`${SETTINGS_CACHE}methods`, async (): Promise<ShopMethods> => {
      const [shipping, payment] = await Promise.all([
        this.shipping.find({ order: { sort_order: 'ASC', id: 'ASC' } }),
        this.payment.find({ order: { sort_order: 'ASC', payment_method_id: 'ASC' } }),
      ]);
      return {
        shipping: shipping.map(({ id, name, icon_url, shipping_cost, free_shipping_threshold, is_active }) => ({
          id,
          name,
          icon_url,
          shipping_cost,
          free_shipping_threshold,
          active: is_active === 1,
        })),
        payment: payment.map(({ method_code, method_label, status }) => ({ method_code, method_label, active: status === 1 })),
      };
    });
  }

  /** Settings the browser may see (never API keys or other private values). */
  publicSettings(): Promise<PublicSetting[]> {
    return this.cache.getOrLoad(`${SETTINGS_CACHE}public`, async () => {
      const rows = await this.settings.find({ where: { is_public: 1 }, order: { id: 'ASC' } });
      return rows.map(({ s_key, s_value }) => ({ s_key, s_value }));
    });
  }

  /**
   * Sets a private key/value setting (never sent to browsers), creating the row when missing. Not
   * cached: `get` reads it at once. Uses its own connection: call it outside a transaction.
   */
  async setPrivate(key: string, title: string, value: string): Promise<void> {
    const res = await this.settings.update({ s_key: key }, { s_value: value.slice(0, 1000), is_public: 0 });
    if (!res.affected) await this.settings.createQueryBuilder().insert().values({ s_key: key, title: title.slice(0, 100), s_value: value.slice(0, 1000), is_public: 0 }).orIgnore().execute();
  }

  /**
   * A private setting longer than one row holds (s_value is 1000 characters): kept in parts, `KEY`,
   * `KEY#2`, `KEY#3` … (each up to 1000 characters, split on code points), joined on read. Null when
   * `KEY` is missing. Joins the caller's transaction.
   */
  async getLongPrivate(key: string): Promise<string | null> {
    const rows = await this.tx
      .repo(Setting)
      .createQueryBuilder('s')
      .where('s.s_key = :key OR s.s_key LIKE :parts', { key, parts: `${key}#%` })
      .getMany();
    const first = rows.find((r) => r.s_key === key);
    if (!first) return null;
    const part = (k: string) => (k === key ? 1 : k.startsWith(`${key}#`) ? Number(k.slice(key.length + 1)) : NaN);
    return rows
      .filter((r) => Number.isInteger(part(r.s_key)) && part(r.s_key) >= 1)
      .sort((a, b) => part(a.s_key) - part(b.s_key))
      .map((r) => r.s_value)
      .join('');
  }

  /** Stores `value` as the private long setting `key` (see getLongPrivate); drops parts it no longer needs. Joins the caller's transaction. */
  async setLongPrivate(key: string, title: string, value: string): Promise<void> {
    const chars = Array.from(value);
    const parts: string[] = [];
    for (let i = 0; i < chars.length; i += LONG_PART) parts.push(chars.slice(i, i + LONG_PART).join(''));
    if (parts.length === 0) parts.push('');
    const repo = this.tx.repo(Setting);
    for (const [i, text] of parts.entries()) {
      const k = i === 0 ? key : `${key}#${i + 1}`;
      const res = await repo.update({ s_key: k }, { s_value: text, is_public: 0 });
      if (!res.affected) await repo.insert({ s_key: k, title: title.slice(0, 100), s_value: text, is_public: 0 });
    }
    const stale = (await repo.createQueryBuilder('s').where('s.s_key LIKE :parts', { parts: `${key}#%` }).getMany()).filter(
      (r) => r.s_key.startsWith(`${key}#`) && Number(r.s_key.slice(key.length + 1)) > parts.length,
    );
    if (stale.length) await repo.delete(stale.map((r) => r.id));
  }

  /** One setting's value, or `fallback` when it is not set. */
  async get(key: string, fallback = ''): Promise<string> {
    const row = await this.settings.findOne({ where: { s_key: key } });
    return row?.s_value ?? fallback;
  }
}
