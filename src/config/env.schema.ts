import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy, ValidationError, validateSync } from 'class-validator';
import { DEFAULT_MAIL_FROM } from '../integrations/mail/mail-config';
import { DEFAULT_EVERY8D_API_URL, DEFAULT_MITAKE_API_URL, type SmsDriverName } from '../integrations/sms/sms-config';
import { DEFAULT_LINEPAY_TIMEOUT_MS } from '../integrations/linepay/linepay-config';
import { TELEGRAM_CHAT_ID, TELEGRAM_TOKEN } from '../integrations/telegram/telegram-config';
import { isTaxId } from '../common/validation/taiwan';
import { DEFAULT_FACEBOOK_GRAPH_VERSION } from './auth-config';

// Blank variables never reach the schema (`validateEnv` drops them, so defaults apply).
const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value);
/** Surrounding blanks dropped (values pasted from a dashboard often carry them). */
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A rule on the value that may look at the other variables (`env`); runs also when the value is unset. */
function Check(test: (value: unknown, env: EnvVars) => boolean, message: string): PropertyDecorator {
  return ValidateBy({ name: `check: ${message}`, validator: { validate: (value, args) => test(value, args?.object as EnvVars), defaultMessage: () => message } });
}

/** Required when `condition` holds of the other variables, e.g. a secret once its id is set. */
function RequiredWhen(condition: (env: EnvVars) => boolean, message: string): PropertyDecorator {
  return Check((value, env) => !condition(env) || (typeof value === 'string' && value !== ''), message);
}

/** An absolute http(s) URL (provider endpoints; the tests point them at local simulators). */
function IsHttpUrl(): PropertyDecorator {
  return Check((value) => {
    if (value === undefined) return true;
    try {
      return ['http:', 'https:'].includes(new URL(String(value)).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');
}

/** A whole number ≥ `min` (the same one-line message for a word, a fraction or a number too small). */
function IntAtLeast(min: number): PropertyDecorator {
  return Check((value) => Number.isInteger(value) && (value as number) >= min, `must be an integer ≥ ${min}`);
}

/** Bytes of a key as the PAYUNi SDKs use it for AES (trimmed). */
const keyBytes = (v: unknown) => (typeof v === 'string' ? Buffer.byteLength(v.trim(), 'utf8') : -1);

/** A value, when set, passes `test`. */
function WhenSet(test: (value: unknown) => boolean, message: string): PropertyDecorator {
  return Check((v) => v === undefined || test(v), message);
}

/**
 * A provider URL in production: set it, or say PROVIDER_SIMULATORS=true to serve the built-in
 * simulator (whose pay/decide pages are open to anyone: a demo or a bench, never a real shop).
 */
function RealInProduction(): PropertyDecorator {
  return Check(
    (v, env) => v !== undefined || env.NODE_ENV !== 'production' || env.PROVIDER_SIMULATORS === 'true',
    'required in production (or PROVIDER_SIMULATORS=true to serve the built-in simulator, whose pay pages are open to anyone)',
  );
}

/** Set once the provider's URL is set (a secret is never taken from the simulator's demo values for a real provider). */
const RequiredWithUrl = (url: keyof EnvVars) => RequiredWhen((env) => Boolean(env[url]), `required when ${String(url)} is set`);

/**
 * Every environment variable the server reads (see `.env.example`), in one class-validator
 * schema. Validated once at boot: a bad value anywhere stops the process with one
 * `Invalid configuration:` error listing every problem, one line each. Cross-variable rules
 * (`RequiredWhen`, `Check`) are decorators too, so each problem is reported on its variable.
 */
export class EnvVars {
  // ---------------------------------------------------------------- process and HTTP

  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsOptional()
  @IsString()
  HOST?: string;

  /** Public origin used in links, sitemaps and payment return URLs. */
  @IsOptional()
  @Matches(/^https?:\/\/[^/]+$/, { message: 'PUBLIC_URL must be an origin such as https://shop.example.com' })
  PUBLIC_URL?: string;

  /** Behind a load balancer: Express `trust proxy` (hop count such as 1, or loopback / a subnet list) for client IPs. */
  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** OpenAPI document and Swagger UI at /api/docs: on outside production; in production only with `true`. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'API_DOCS must be true or false' })
  API_DOCS?: 'true' | 'false';

  /**
   * Web processes on this machine (node:cluster, sharing PORT). Above 1 needs REDIS_URL, so
   * every process sees cache invalidations and shares the queue.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  @Check((n, env) => n === 1 || Boolean(env.REDIS_URL), 'WEB_CONCURRENCY above 1 needs REDIS_URL (processes must share cache invalidations and the queue)')
  WEB_CONCURRENCY = 1;

  /** Secret for signing session cookies (production: at least 32 random characters). */
  @Check((v, env) => v !== undefined || env.NODE_ENV !== 'production', 'required in production (at least 32 random characters)')
  @Check((v) => v === undefined || (typeof v === 'string' && v.length >= 16), 'at least 16 characters')
  SESSION_SECRET?: string;

  /**
   * GET /api/metrics (Prometheus): set → only with `Authorization: Bearer <token>`; unset → only
   * clients on loopback or a private network (the address TRUST_PROXY resolves). 32+ characters
   * of a bearer token's alphabet (`openssl rand -hex 32`).
   */
  @Transform(trimmed)
  @WhenSet((v) => typeof v === 'string' && v.length >= 32, 'at least 32 characters')
  @WhenSet((v) => typeof v === 'string' && /^[A-Za-z0-9._~+/-]+=*$/.test(v), 'letters, digits and . _ ~ + / - only (it is sent as a Bearer token)')
  METRICS_TOKEN?: string;

  /** GET /api/metrics: how long the order and payment counts (database queries) are reused between scrapes (ms). */
  @Transform(toInt)
  @IntAtLeast(0)
  METRICS_DB_CACHE_MS = 10_000;

  // ---------------------------------------------------------------- database, Redis, jobs

  /** Empty → SQLite file var/skinshop.sqlite; `sqlite:<path>`; `mysql://…` / `mariadb://…`. */
  @IsOptional()
  @Matches(/^(sqlite:.+|mysql:\/\/.+|mariadb:\/\/.+)$/, {
    message: 'DATABASE_URL must be sqlite:<path>, mysql://… or mariadb://…',
  })
  DATABASE_URL?: string;

  /** Empty → in-process job driver and database-backed sessions/rate limits. */
  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must start with redis:// or rediss://' })
  REDIS_URL?: string;

  /** Prefix for every Redis key (queues, cache, sessions, rate limits) so several shops can share one Redis. */
  @IsString()
  REDIS_PREFIX = 'skinshop';

  /** Run queue processors inside the web process (embedded default) or only in `npm run start:worker`. */
  @IsIn(['true', 'false'])
  @Check((v, env) => v !== 'false' || Boolean(env.REDIS_URL), 'RUN_WORKERS_IN_WEB=false needs REDIS_URL (without Redis no other process can run the jobs)')
  RUN_WORKERS_IN_WEB = 'true';

  /** Seed demo data when the database has no products (fresh machine). */
  @IsIn(['true', 'false'])
  SEED_DEMO_DATA = 'true';

  /** With the demo data, seed the demo promotions too (滿千折百, WELCOME100 …); the API tests turn them off. */
  @IsIn(['true', 'false'])
  SEED_DEMO_PROMOTIONS = 'true';

  // Jobs and the outbox (defaults suit production; the fault tests shrink them to run in seconds).

  /** Total runs of a job before it ends `failed` (kept, visible, retryable). 22 with the backoff below ≈ 25 h. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  JOBS_ATTEMPTS = 22;

  /** First retry waits this long (ms); each next one twice as long… */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  JOBS_BACKOFF_BASE_MS = 10_000;

  /** …but never longer than this (ms; 2 h). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  JOBS_BACKOFF_MAX_MS = 7_200_000;

  /** BullMQ: how often workers look for jobs whose worker died (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  JOBS_STALLED_INTERVAL_MS = 30_000;

  /** BullMQ: a worker's lock on a running job; a dead worker's job is taken over after it lapses (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  JOBS_LOCK_DURATION_MS = 30_000;

  /** Outbox: how often undispatched rows are handed to the queue again (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  OUTBOX_SWEEP_MS = 15_000;

  /** Outbox: a queued row not done after this long is handed again (a no-op while the queue still has it) (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  OUTBOX_RECHECK_MS = 300_000;

  /**
   * Outbox: how long a run of a job holds its row, so a second run of the same job (a stalled
   * lock, a re-hand after Redis lost it) waits instead of sending twice (ms). Longer than a job
   * takes; after a crash the job runs again once it lapses.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  OUTBOX_CLAIM_MS = 300_000;

  // ---------------------------------------------------------------- files and caching

  /** Where uploaded and generated media live; served at /media. */
  @IsString()
  MEDIA_DIR = 'var/media';

  /** Where the image library stores uploads: `local` (MEDIA_DIR, default) or `s3` (S3_*; see storage-config.ts). */
  @IsIn(['local', 's3'])
  MEDIA_STORAGE: 'local' | 's3' = 'local';

  /** S3-compatible endpoint (MinIO, R2 …); unset: AWS for S3_REGION. */
  @IsOptional()
  @Matches(/^https?:\/\//, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT?: string;

  @IsOptional()
  @IsString()
  S3_REGION?: string;

  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** `true`: path-style URLs (default when S3_ENDPOINT is set). */
  @IsOptional()
  @IsIn(['true', 'false'])
  S3_FORCE_PATH_STYLE?: string;

  /** Where the public reads the objects (bucket website or CDN), e.g. https://cdn.example.com/media. */
  @IsOptional()
  @Matches(/^https?:\/\//, { message: 'S3_PUBLIC_URL must be an http(s) URL' })
  S3_PUBLIC_URL?: string;

  /** Key prefix inside the bucket (optional). */
  @IsOptional()
  @IsString()
  S3_PREFIX?: string;

  /** Seconds public catalogue reads are cached in memory (invalidated explicitly on change). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  CATALOG_CACHE_SECONDS = 60;

  // ---------------------------------------------------------------- e-mail

  /** Outgoing e-mail: smtp://user:pass@host:587 (STARTTLS) or smtps://…:465. Empty → log driver + dev outbox. */
  @IsOptional()
  @Matches(/^smtps?:\/\/[^/]+/, { message: 'SMTP_URL must be smtp://user:pass@host:port or smtps://user:pass@host:port' })
  SMTP_URL?: string;

  /** Sender of shop e-mail, e.g. `肌研舍 <no-reply@shop.example.com>`. */
  @IsString()
  @Matches(/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/, { message: 'MAIL_FROM must be an address, e.g. 肌研舍 <no-reply@shop.example.com>' })
  MAIL_FROM = DEFAULT_MAIL_FROM;

  // ---------------------------------------------------------------- SMS (src/integrations/sms)

  @Transform(trimmed)
  @IsIn(['log', 'mitake', 'every8d'], { message: 'must be log, mitake or every8d' })
  SMS_DRIVER: SmsDriverName = 'log';

  @Transform(trimmed)
  @IsHttpUrl()
  MITAKE_API_URL = DEFAULT_MITAKE_API_URL;

  @Transform(trimmed)
  @RequiredWhen((env) => env.SMS_DRIVER === 'mitake', 'required when SMS_DRIVER=mitake')
  MITAKE_USERNAME?: string;

  @Transform(trimmed)
  @RequiredWhen((env) => env.SMS_DRIVER === 'mitake', 'required when SMS_DRIVER=mitake')
  MITAKE_PASSWORD?: string;

  @Transform(trimmed)
  @IsHttpUrl()
  EVERY8D_API_URL = DEFAULT_EVERY8D_API_URL;

  @Transform(trimmed)
  @RequiredWhen((env) => env.SMS_DRIVER === 'every8d', 'required when SMS_DRIVER=every8d')
  EVERY8D_UID?: string;

  @Transform(trimmed)
  @RequiredWhen((env) => env.SMS_DRIVER === 'every8d', 'required when SMS_DRIVER=every8d')
  EVERY8D_PWD?: string;

  // ---------------------------------------------------------------- payment, logistics, invoice and alert providers
  // A provider whose URL is unset is answered by the app's own simulator (mounted under /sim/…),
  // with the credentials below or, where unset, fixed demo values. Production refuses that unless
  // PROVIDER_SIMULATORS=true.

  /** Serve the built-in simulators in production (a demo or a bench): true | false. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'must be true or false' })
  PROVIDER_SIMULATORS?: 'true' | 'false';

  /** PAYUNi gateway root (payments and the 7-11 store map), e.g. https://sandbox-api.payuni.com.tw. */
  @Transform(trimmed)
  @IsHttpUrl()
  @RealInProduction()
  PAYUNI_API_URL?: string;

  @Transform(trimmed)
  @RequiredWithUrl('PAYUNI_API_URL')
  @WhenSet((v) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(v), 'must be 1–32 letters, digits, _ or -')
  PAYUNI_MER_ID?: string;

  /** Not trimmed: HashInfo hashes the key as given (the SDKs trim it only for AES). */
  @RequiredWithUrl('PAYUNI_API_URL')
  @WhenSet((v) => keyBytes(v) === 32, 'must be 32 bytes')
  PAYUNI_HASH_KEY?: string;

  @RequiredWithUrl('PAYUNI_API_URL')
  @WhenSet((v) => keyBytes(v) === 16, 'must be 16 bytes')
  PAYUNI_HASH_IV?: string;

  /** LINE Pay Online API v3 host, e.g. https://sandbox-api-pay.line.me. */
  @Transform(trimmed)
  @IsHttpUrl()
  @RealInProduction()
  LINEPAY_API_URL?: string;

  @Transform(trimmed)
  @RequiredWithUrl('LINEPAY_API_URL')
  @WhenSet((v) => typeof v === 'string' && /^\d{1,20}$/.test(v), 'must be digits')
  LINEPAY_CHANNEL_ID?: string;

  @Transform(trimmed)
  @RequiredWithUrl('LINEPAY_API_URL')
  @WhenSet((v) => typeof v === 'string' && v.length >= 16, 'at least 16 characters')
  LINEPAY_CHANNEL_SECRET?: string;

  /** Per-call timeout (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(120_000)
  LINEPAY_TIMEOUT_MS = DEFAULT_LINEPAY_TIMEOUT_MS;

  /** Amego e-invoice API, e.g. https://invoice-api.amego.tw. */
  @Transform(trimmed)
  @IsHttpUrl()
  @RealInProduction()
  AMEGO_API_URL?: string;

  /** The seller's 統一編號. */
  @Transform(trimmed)
  @RequiredWithUrl('AMEGO_API_URL')
  @WhenSet(isTaxId, 'must be a valid 8-digit 統一編號')
  AMEGO_TAX_ID?: string;

  @Transform(trimmed)
  @RequiredWithUrl('AMEGO_API_URL')
  AMEGO_APP_KEY?: string;

  /** Telegram Bot API for staff alerts (default: the built-in simulator's outbox, also in production). */
  @Transform(trimmed)
  @IsHttpUrl()
  TELEGRAM_API_URL?: string;

  @Transform(trimmed)
  @RequiredWithUrl('TELEGRAM_API_URL')
  @WhenSet((v) => typeof v === 'string' && TELEGRAM_TOKEN.test(v), 'must look like 123456789:AA… (digits, colon, key)')
  TELEGRAM_BOT_TOKEN?: string;

  @Transform(trimmed)
  @RequiredWithUrl('TELEGRAM_API_URL')
  @WhenSet((v) => typeof v === 'string' && TELEGRAM_CHAT_ID.test(v), 'must be a numeric chat id or @channelname')
  TELEGRAM_CHAT_ID?: string;

  /**
   * Staff alerts that come within this many ms of the first go as one Telegram message (ms; 0:
   * each alert its own message). A bot may send about one message a second to a chat (20 a minute
   * to a group): a busy hour's new-order alerts, one message each, would be refused with 429.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60_000)
  STAFF_ALERT_BATCH_MS = 1000;

  /** LINE Messaging API base of the shop's Official Account, e.g. https://api.line.me (default: the built-in simulator, also in production). */
  @Transform(trimmed)
  @IsHttpUrl()
  LINE_MESSAGING_API_URL?: string;

  /** The Messaging API channel's access token (Bearer): never answered or logged. */
  @Transform(trimmed)
  @RequiredWithUrl('LINE_MESSAGING_API_URL')
  LINE_MESSAGING_ACCESS_TOKEN?: string;

  /** The Messaging API channel secret: verifies the webhook's X-Line-Signature. */
  @Transform(trimmed)
  @RequiredWithUrl('LINE_MESSAGING_API_URL')
  LINE_MESSAGING_CHANNEL_SECRET?: string;

  /** OpenAI-compatible chat completions base for the editor's AI rewrite, e.g. https://api.openai.com/v1 (default: the built-in simulator). */
  @Transform(trimmed)
  @IsHttpUrl()
  AI_API_URL?: string;

  /** The AI service's key: sent only as the Bearer header, never answered or logged. */
  @Transform(trimmed)
  @RequiredWithUrl('AI_API_URL')
  AI_API_KEY?: string;

  /** Chat model name (default gpt-4o-mini). */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  AI_MODEL?: string;

  /** AI rewrites per admin per Asia/Taipei day. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  AI_DAILY_QUOTA = 50;

  // ---------------------------------------------------------------- checkout and payment timing

  /** How often the reconciliation job looks at pending online payments (ms). */
  @Transform(toInt)
  @IntAtLeast(100)
  PAYMENTS_RECONCILE_EVERY_MS = 300_000;

  /** An online payment still pending after this many minutes is queried at the gateway. */
  @Transform(toInt)
  @IntAtLeast(0)
  PAYMENTS_PENDING_MINUTES = 5;

  /** A card / LINE Pay order unpaid this many minutes is cancelled (once the gateway confirms it is not paid). */
  @Transform(toInt)
  @IntAtLeast(0)
  PAYMENTS_ABANDON_MINUTES = 30;

  /** Orders one member may submit per 10 minutes. */
  @Transform(toInt)
  @IntAtLeast(1)
  CHECKOUT_RATE_LIMIT = 20;

  // ---------------------------------------------------------------- order completion (issue 19)

  /** Days after delivery (the 鑑賞期) a delivered order is completed, unless a return or refund is open. */
  @Transform(toInt)
  @Check((v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 365, 'must be an integer from 0 to 365')
  ORDER_COMPLETION_DAYS = 7;

  /** How often the completion job looks for delivered orders past ORDER_COMPLETION_DAYS (ms). */
  @Transform(toInt)
  @IntAtLeast(100)
  ORDER_COMPLETION_EVERY_MS = 3_600_000;

  // ---------------------------------------------------------------- member rewards (issue 21, spec 4 §9)

  /** Points pay at most this % of the goods after discounts. */
  @Transform(toInt)
  @Check((v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100, 'must be an integer from 0 to 100')
  POINTS_MAX_PERCENT = 30;

  /** Points expire at the end of the Taipei month this many months after they became available. */
  @Transform(toInt)
  @Check((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 120, 'must be an integer from 1 to 120')
  POINTS_EXPIRE_MONTHS = 12;

  /** Points given on registration (0 = none). */
  @Transform(toInt)
  @IntAtLeast(0)
  POINTS_WELCOME = 0;

  /** Points given in the birthday month, once a year (0 = none). */
  @Transform(toInt)
  @IntAtLeast(0)
  POINTS_BIRTHDAY = 100;

  /** Points for a published review. */
  @Transform(toInt)
  @IntAtLeast(0)
  REVIEW_POINTS = 20;

  /** Points for a published review with a photo. */
  @Transform(toInt)
  @IntAtLeast(0)
  REVIEW_PHOTO_POINTS = 50;

  /** How often the points expiry job (month-end expiry, 30-day reminders) runs (ms). */
  @Transform(toInt)
  @IntAtLeast(100)
  POINTS_EXPIRY_EVERY_MS = 3_600_000;

  /** How often the birthday points job runs (ms). */
  @Transform(toInt)
  @IntAtLeast(100)
  POINTS_BIRTHDAY_EVERY_MS = 3_600_000;

  /** How often every member's tier is evaluated (downgrades happen only here), ms. */
  @Transform(toInt)
  @IntAtLeast(100)
  TIER_EVALUATION_EVERY_MS = 86_400_000;

  // ---------------------------------------------------------------- server cart reminders (issue 22 §3, spec 4 §9)

  /** A member's server cart untouched this many hours (decimals allowed: 0.01 = 36 s) gets one reminder (with marketing consent). */
  @Transform(toInt)
  @Check((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 24 * 365, 'must be a number of hours from 0 to 8760')
  CART_REMINDER_HOURS = 24;

  /** How often the cart reminder job looks for untouched carts (ms). */
  @Transform(toInt)
  @IntAtLeast(100)
  CART_REMINDER_EVERY_MS = 3_600_000;

  // ---------------------------------------------------------------- shipping tickets and logistics (issue 11)

  /** How often open shipments are asked for their status at PAYUNi (logistics/query), ms. */
  @Transform(toInt)
  @IntAtLeast(100)
  LOGISTICS_SYNC_EVERY_MS = 600_000;

  /** How long createShippingOrder waits for its job before answering `pending` (ms). */
  @Transform(toInt)
  @IntAtLeast(0)
  SHIPPING_TICKET_WAIT_MS = 8_000;

  /** Sender of 7-11 C2C parcels (2–5 CJK characters or 4–10 Latin letters). */
  @Transform(trimmed)
  @WhenSet((v) => typeof v === 'string' && /^([\u3400-\u9fff]{2,5}|[A-Za-z][A-Za-z .]{3,9})$/.test(v), 'must be 2–5 Chinese characters or 4–10 Latin letters')
  LOGISTICS_SENDER_NAME?: string;

  /** The sender's mobile (09 and 8 digits). */
  @Transform(trimmed)
  @WhenSet((v) => typeof v === 'string' && /^09\d{8}$/.test(v), 'must be a mobile number 09 and 8 digits')
  LOGISTICS_SENDER_MOBILE?: string;

  /** The 7-11 store returned C2C parcels go back to (6 digits); unset: the pickup store. */
  @Transform(trimmed)
  @WhenSet((v) => typeof v === 'string' && /^\d{6}$/.test(v), 'must be a 6-digit 7-ELEVEN store id')
  LOGISTICS_RETURN_STORE_ID?: string;

  // ---------------------------------------------------------------- member accounts (AppConfig.auth)

  /** Sliding (idle) session timeout. */
  @Transform(toInt)
  @IntAtLeast(1)
  SESSION_IDLE_MINUTES = 24 * 60;

  /** Absolute session timeout after login. */
  @Transform(toInt)
  @IntAtLeast(1)
  SESSION_ABSOLUTE_MINUTES = 7 * 24 * 60;

  /** Extra path prefixes without CSRF (server-to-server), comma-separated. */
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  CSRF_EXEMPT_PATHS?: string;

  /** Key for the HMAC of one-time codes; derived from SESSION_SECRET when unset. */
  @Transform(trimmed)
  @Check((v) => v === undefined || (typeof v === 'string' && v.length >= 16), 'at least 16 characters')
  CODE_HMAC_SECRET?: string;

  /** Codes per phone / e-mail per Asia/Taipei day. */
  @Transform(toInt)
  @IntAtLeast(1)
  CODE_DAILY_LIMIT = 5;

  /** Codes per client IP per Asia/Taipei day. */
  @Transform(toInt)
  @IntAtLeast(1)
  CODE_IP_DAILY_LIMIT = 20;

  /** Seconds before a code may be sent again to the same phone / e-mail (spec: 60; the browser tests shorten it). */
  @Transform(toInt)
  @IntAtLeast(1)
  CODE_RESEND_SECONDS = 60;

  /** Failed logins per IP per hour (across accounts) before 429. */
  @Transform(toInt)
  @IntAtLeast(1)
  LOGIN_IP_FAILURES_PER_HOUR = 50;

  // ---------------------------------------------------------------- back-office sign-in (AppConfig.auth.admin)

  /** Password of the seeded `admin` owner; unset: a random one, printed once in the start log. */
  @Transform(trimmed)
  @Check((v) => v === undefined || (typeof v === 'string' && v.length >= 8), 'at least 8 characters')
  ADMIN_INITIAL_PASSWORD?: string;

  /** First step of the admin login delay (an account's failures beyond 10 in an hour): doubles per failure, capped at 30 steps. */
  @Transform(toInt)
  @IntAtLeast(0)
  ADMIN_LOGIN_DELAY_MS = 1000;

  /** Two-factor for owners: required (default in production) or optional. */
  @IsOptional()
  @IsIn(['required', 'optional'], { message: 'must be required or optional' })
  ADMIN_OWNER_TOTP?: 'required' | 'optional';

  // ---------------------------------------------------------------- social login (each pair: both or neither)

  @Transform(trimmed)
  @RequiredWhen((env) => Boolean(env.GOOGLE_CLIENT_SECRET), 'required when GOOGLE_CLIENT_SECRET is set')
  GOOGLE_CLIENT_ID?: string;

  @Transform(trimmed)
  @RequiredWhen((env) => Boolean(env.GOOGLE_CLIENT_ID), 'required when GOOGLE_CLIENT_ID is set')
  GOOGLE_CLIENT_SECRET?: string;

  @Transform(trimmed)
  @IsHttpUrl()
  GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

  @Transform(trimmed)
  @IsHttpUrl()
  GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

  @Transform(trimmed)
  @IsHttpUrl()
  GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

  @Transform(trimmed)
  @RequiredWhen((env) => Boolean(env.FACEBOOK_APP_SECRET), 'required when FACEBOOK_APP_SECRET is set')
  FACEBOOK_APP_ID?: string;

  @Transform(trimmed)
  @RequiredWhen((env) => Boolean(env.FACEBOOK_APP_ID), 'required when FACEBOOK_APP_ID is set')
  FACEBOOK_APP_SECRET?: string;

  /** Explicit Graph API version (passport-facebook would otherwise pin an ancient one). */
  @Transform(trimmed)
  @Matches(/^v\d+\.\d+$/, { message: 'must look like v23.0' })
  FACEBOOK_GRAPH_VERSION = DEFAULT_FACEBOOK_GRAPH_VERSION;

  /** Base of the token and profile endpoints (default https://graph.facebook.com). */
  @Transform(trimmed)
  @IsHttpUrl()
  FACEBOOK_GRAPH_URL = 'https://graph.facebook.com';

  /** Default: https://www.facebook.com/<version>/dialog/oauth. */
  @Transform(trimmed)
  @IsHttpUrl()
  FACEBOOK_AUTH_URL?: string;

  /** Default: <FACEBOOK_GRAPH_URL>/<version>/oauth/access_token. */
  @Transform(trimmed)
  @IsHttpUrl()
  FACEBOOK_TOKEN_URL?: string;

  /** Default: <FACEBOOK_GRAPH_URL>/<version>/me. */
  @Transform(trimmed)
  @IsHttpUrl()
  FACEBOOK_PROFILE_URL?: string;

  @Transform(trimmed)
  @RequiredWhen((env) => Boolean(env.LINE_CHANNEL_SECRET), 'required when LINE_CHANNEL_SECRET is set')
  LINE_CHANNEL_ID?: string;

  @Transform(trimmed)
  @RequiredWhen((env) => Boolean(env.LINE_CHANNEL_ID), 'required when LINE_CHANNEL_ID is set')
  LINE_CHANNEL_SECRET?: string;

  @Transform(trimmed)
  @IsHttpUrl()
  LINE_AUTH_URL = 'https://access.line.me/oauth2/v2.1/authorize';

  @Transform(trimmed)
  @IsHttpUrl()
  LINE_TOKEN_URL = 'https://api.line.me/oauth2/v2.1/token';

  /** `iss` of LINE's ID tokens. */
  @Transform(trimmed)
  @IsString()
  LINE_ISSUER = 'https://access.line.me';

  /** JWKS for ES256-signed ID tokens. */
  @Transform(trimmed)
  @IsHttpUrl()
  LINE_JWKS_URL = 'https://api.line.me/oauth2/v2.1/certs';
}

/** One line per problem: `  NAME: message` (the first failed rule of each variable). */
function problemLine(e: ValidationError): string {
  return `  ${e.property}: ${Object.values(e.constraints ?? {})[0] ?? 'invalid'}`;
}

/** Validates the environment; throws one `Invalid configuration:` error listing every bad value. */
export function validateEnv(raw: Record<string, unknown>): EnvVars {
  // A blank variable (`PORT=` in an env file) counts as unset: its default applies.
  const set = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && !(typeof v === 'string' && v.trim() === '')));
  const env = plainToInstance(EnvVars, set, { enableImplicitConversion: false, exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length) throw new Error(`Invalid configuration:\n${errors.map(problemLine).join('\n')}`);
  return env;
}
