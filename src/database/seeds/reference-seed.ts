import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { ContentVersion } from '../../modules/content/entities/content-version.entity';
import { OrderStatusCode } from '../../modules/orders/entities/order-status-code.entity';
import { PaymentStatusCode } from '../../modules/orders/entities/payment-status-code.entity';
import { NotificationSetting } from '../../modules/settings/entities/notification-setting.entity';
import { PaymentMethod } from '../../modules/settings/entities/payment-method.entity';
import { Setting } from '../../modules/settings/entities/setting.entity';
import { ShippingMethod } from '../../modules/settings/entities/shipping-method.entity';
import { DEMO_PAGES } from './demo-pages';
import {
  NOTIFICATION_SETTINGS,
  ORDER_STATUS_CODES,
  PAYMENT_METHODS,
  PAYMENT_STATUS_CODES,
  SETTINGS,
  SHIPPING_METHODS,
  VERSION_KEYS,
} from './reference-data';
import { insertMissing } from './seed-utils';

/** Every version key the seeded content uses: the six client keys plus one per html page / page image. */
export function versionKeys(): string[] {
  const pageKeys = DEMO_PAGES.map((p) => p.version_page_type);
  return [...new Set([...VERSION_KEYS, ...pageKeys, 'contactVersion', 'maskCareVersion', 'skincareTipsVersion'])];
}

/**
 * Inserts the reference rows that are missing (by their natural key); rows that
 * exist, possibly edited by an admin, are left alone. Returns how many were added.
 */
export async function seedReferenceRows(m: EntityManager): Promise<number> {
  const version = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  // One after another: a transaction runs on a single connection.
  let added = 0;
  added += await insertMissing(m, ShippingMethod, SHIPPING_METHODS, ['id']);
  added += await insertMissing(m, PaymentMethod, PAYMENT_METHODS, ['method_code']);
  added += await insertMissing(m, OrderStatusCode, ORDER_STATUS_CODES, ['status_name']);
  added += await insertMissing(m, PaymentStatusCode, PAYMENT_STATUS_CODES, ['status_code']);
  added += await insertMissing(m, Setting, SETTINGS, ['s_key']);
  added += await insertMissing(m, NotificationSetting, NOTIFICATION_SETTINGS, ['setting_type']);
  added += await insertMissing(m, ContentVersion, versionKeys().map((v_key) => ({ v_key, v_value: version })), ['v_key']);
  return added;
}

/**
 * The reference data alone (no demo catalogue): shipping methods 1–5, payment
 * methods, order / payment status codes, company settings keys, notification settings
 * and version markers. Safe to run on every start.
 */
export function seedReferenceData(ds: DataSource): Promise<number> {
  return ds.transaction((m) => seedReferenceRows(m));
}
