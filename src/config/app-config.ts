import { resolve } from 'node:path';
import type { SmsConfig } from '../integrations/sms/sms-config';
import { mediaStorageConfigOf, type MediaStorageConfig } from '../integrations/storage/storage-config';
import { AuthConfig, authConfigOf } from './auth-config';
import { EnvVars, validateEnv } from './env.schema';
import { ProvidersConfig, providersConfigOf } from './provider-config';

/** Typed, validated configuration: the only place that reads process.env (besides database/dialect.ts). */
export interface AppConfig {
  env: EnvVars['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host?: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  publicUrl?: string;
  logLevel: string;
  runWorkersInWeb: boolean;
  seedDemoData: boolean;
  /** With the demo data, its promotions too (SEED_DEMO_PROMOTIONS). */
  seedDemoPromotions: boolean;
  mediaDir: string;
  /** The image library's storage driver (MEDIA_STORAGE, S3_*). */
  storage: MediaStorageConfig;
  catalogCacheSeconds: number;
  sessionSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  trustProxy?: string;
  webConcurrency: number;
  /** Retries, stall checks and the outbox (JOBS_*, OUTBOX_*). */
  jobs: JobsConfig;
  /** GET /api/metrics: its bearer token (METRICS_TOKEN; unset → internal network only) and database-count cache (METRICS_DB_CACHE_MS). */
  metrics: { token?: string; dbCacheMs: number };
  /** Serve the OpenAPI document and Swagger UI at /api/docs (API_DOCS; default: not in production). */
  apiDocs: boolean;
  /** SMS driver and provider credentials (the SMS module's `SMS_CONFIG`). */
  sms: SmsConfig;
  /** Member accounts: sessions, CSRF exemptions, code limits, login throttling, social logins. */
  auth: AuthConfig;
  /** PAYUNi, LINE Pay, Amego, Telegram: a URL, or the embedded simulator (`driver: 'simulator'`). */
  providers: ProvidersConfig;
  /** Reconciliation of pending online payments (PAYMENTS_*). */
  payments: PaymentsConfig;
  /** Shipping tickets and logistics status (LOGISTICS_*, SHIPPING_TICKET_WAIT_MS). */
  logistics: LogisticsConfig;
  checkout: CheckoutConfig;
  /** The completion of delivered orders (ORDER_COMPLETION_*). */
  orders: OrdersConfig;
  /** Member points and tiers (POINTS_*, REVIEW_*POINTS, TIER_EVALUATION_EVERY_MS; issue 21). */
  rewards: RewardsConfig;
  /** The server cart's reminders (CART_REMINDER_*; issue 22 §3). */
  cart: CartConfig;
}

export interface CartConfig {
  /** Hours a cart stays untouched before its reminder (CART_REMINDER_HOURS, default 24). */
  reminderHours: number;
  /** How often the reminder job looks (ms). */
  reminderEveryMs: number;
}

export interface RewardsConfig {
  /** POINTS_MAX_PERCENT: points pay at most this % of the goods after discounts. */
  maxPercent: number;
  /** POINTS_EXPIRE_MONTHS. */
  expireMonths: number;
  /** POINTS_WELCOME. */
  welcomePoints: number;
  /** POINTS_BIRTHDAY. */
  birthdayPoints: number;
  /** REVIEW_POINTS, REVIEW_PHOTO_POINTS. */
  reviewPoints: number;
  reviewPhotoPoints: number;
  /** Job cadences (ms). */
  expiryEveryMs: number;
  birthdayEveryMs: number;
  tierEveryMs: number;
}

export interface OrdersConfig {
  /** Days after delivery an order is completed (the return window closes then). */
  completionDays: number;
  /** How often the completion job runs (ms). */
  completionEveryMs: number;
}

export interface PaymentsConfig {
  /** How often the reconciliation job runs (ms). */
  reconcileEveryMs: number;
  /** Pending online payments older than this are queried at the gateway (minutes). */
  pendingMinutes: number;
  /** Card / LINE Pay orders unpaid this long are cancelled once the gateway confirms (minutes). */
  abandonMinutes: number;
}

export interface LogisticsConfig {
  /** How often open shipments are queried (ms). */
  syncEveryMs: number;
  /** How long createShippingOrder waits for its job (ms). */
  ticketWaitMs: number;
  /** 7-11 C2C sender and the store returned parcels go to (null: the pickup store). */
  senderName: string;
  senderMobile: string;
  returnStoreId: string | null;
}

export interface CheckoutConfig {
  /** Orders one member may submit per 10 minutes (CHECKOUT_RATE_LIMIT). */
  rateLimit: number;
}

export interface JobsConfig {
  attempts: number;
  backoffDelayMs: number;
  backoffMaxDelayMs: number;
  stalledIntervalMs: number;
  lockDurationMs: number;
  outboxSweepMs: number;
  outboxRecheckMs: number;
  outboxClaimMs: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * Validates the whole environment at once (`env.schema.ts`): a bad value anywhere stops the
 * boot with one `Invalid configuration:` error listing every problem, one line each.
 */
export function loadAppConfig(raw: Record<string, unknown> = process.env): AppConfig {
  const env = validateEnv(raw);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    publicUrl: env.PUBLIC_URL,
    logLevel: env.LOG_LEVEL,
    runWorkersInWeb: env.RUN_WORKERS_IN_WEB === 'true',
    seedDemoData: env.SEED_DEMO_DATA === 'true',
    seedDemoPromotions: env.SEED_DEMO_PROMOTIONS === 'true',
    mediaDir: resolve(env.MEDIA_DIR),
    storage: mediaStorageConfigOf(env),
    catalogCacheSeconds: env.CATALOG_CACHE_SECONDS,
    sessionSecret: env.SESSION_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
    webConcurrency: env.WEB_CONCURRENCY,
    jobs: {
      attempts: env.JOBS_ATTEMPTS,
      backoffDelayMs: env.JOBS_BACKOFF_BASE_MS,
      backoffMaxDelayMs: env.JOBS_BACKOFF_MAX_MS,
      stalledIntervalMs: env.JOBS_STALLED_INTERVAL_MS,
      lockDurationMs: env.JOBS_LOCK_DURATION_MS,
      outboxSweepMs: env.OUTBOX_SWEEP_MS,
      outboxRecheckMs: env.OUTBOX_RECHECK_MS,
      outboxClaimMs: env.OUTBOX_CLAIM_MS,
    },
    metrics: { token: env.METRICS_TOKEN, dbCacheMs: env.METRICS_DB_CACHE_MS },
    apiDocs: env.API_DOCS === undefined ? env.NODE_ENV !== 'production' : env.API_DOCS === 'true',
    sms: {
      driver: env.SMS_DRIVER,
      mitake: { apiUrl: env.MITAKE_API_URL, username: env.MITAKE_USERNAME ?? '', password: env.MITAKE_PASSWORD ?? '' },
      every8d: { apiUrl: env.EVERY8D_API_URL, uid: env.EVERY8D_UID ?? '', pwd: env.EVERY8D_PWD ?? '' },
    },
    auth: authConfigOf(env),
    providers: providersConfigOf(env),
    payments: {
      reconcileEveryMs: env.PAYMENTS_RECONCILE_EVERY_MS,
      pendingMinutes: env.PAYMENTS_PENDING_MINUTES,
      abandonMinutes: env.PAYMENTS_ABANDON_MINUTES,
    },
    checkout: { rateLimit: env.CHECKOUT_RATE_LIMIT },
    orders: { completionDays: env.ORDER_COMPLETION_DAYS, completionEveryMs: env.ORDER_COMPLETION_EVERY_MS },
    rewards: {
      maxPercent: env.POINTS_MAX_PERCENT,
      expireMonths: env.POINTS_EXPIRE_MONTHS,
      welcomePoints: env.POINTS_WELCOME,
      birthdayPoints: env.POINTS_BIRTHDAY,
      reviewPoints: env.REVIEW_POINTS,
      reviewPhotoPoints: env.REVIEW_PHOTO_POINTS,
      expiryEveryMs: env.POINTS_EXPIRY_EVERY_MS,
      birthdayEveryMs: env.POINTS_BIRTHDAY_EVERY_MS,
      tierEveryMs: env.TIER_EVALUATION_EVERY_MS,
    },
    cart: { reminderHours: env.CART_REMINDER_HOURS, reminderEveryMs: env.CART_REMINDER_EVERY_MS },
    logistics: {
      syncEveryMs: env.LOGISTICS_SYNC_EVERY_MS,
      ticketWaitMs: env.SHIPPING_TICKET_WAIT_MS,
      senderName: env.LOGISTICS_SENDER_NAME ?? '肌研舍',
      senderMobile: env.LOGISTICS_SENDER_MOBILE ?? '0912345678',
      returnStoreId: env.LOGISTICS_RETURN_STORE_ID ?? null,
    },
  };
}
