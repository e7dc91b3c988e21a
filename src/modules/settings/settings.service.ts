import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CachedJson, ReadCache } from '../../common/cache/read-cache.service';
import type { PaymentAnswer, PaymentMethodView, PublicSetting, ShippingAnswer, ShippingMethodView } from '../../common/api/settings';
import { ok } from '../../common/http/envelope';
import { PaymentMethod } from './entities/payment-method.entity';
import { Setting } from './entities/setting.entity';
import { ShippingMethod } from './entities/shipping-method.entity';

/** ReadCache prefix of every settings answer (the SEO module caches static pages under `settings:seo:`). */
export const SETTINGS_CACHE = 'settings:';

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

  /** One setting's value, or `fallback` when it is not set. */
  async get(key: string, fallback = ''): Promise<string> {
    const row = await this.settings.findOne({ where: { s_key: key } });
    return row?.s_value ?? fallback;
  }
}
