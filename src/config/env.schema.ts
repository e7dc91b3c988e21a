import { DEFAULT_MAIL_FROM } from '../integrations/mail/mail-config';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidationError, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * Every environment variable the server reads. Validated once at boot: a bad value
 * stops the process with one clear line per problem (see `.env.example`).
 */
export class EnvVars {
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

  /** Empty → SQLite file var/skinshop.sqlite; `sqlite:<path>`; `mysql://…` / `mariadb://…`. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(sqlite:.+|mysql:\/\/.+|mariadb:\/\/.+)$/, {
    message: 'DATABASE_URL must be sqlite:<path>, mysql://… or mariadb://…',
  })
  DATABASE_URL?: string;

  /** Empty → in-process job driver and database-backed sessions/rate limits. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must start with redis:// or rediss://' })
  REDIS_URL?: string;

  /** Prefix for every Redis key (queues, cache, sessions) so several shops can share one Redis. */
  @IsString()
  REDIS_PREFIX = 'skinshop';

  /** Public origin used in links, sitemaps and payment return URLs. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^/]+$/, { message: 'PUBLIC_URL must be an origin such as https://shop.example.com' })
  PUBLIC_URL?: string;

  /** Behind a load balancer: Express `trust proxy` (hop count such as 1, or loopback / a subnet list) for client IPs. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /**
   * Web processes on this machine (node:cluster, sharing PORT). Above 1 needs REDIS_URL, so
   * every process sees cache invalidations and shares the queue.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  WEB_CONCURRENCY = 1;

  /** Run queue processors inside the web process (embedded default) or only in `npm run start:worker`. */
  @IsIn(['true', 'false'])
  RUN_WORKERS_IN_WEB = 'true';

  /** Seed demo data when the database has no products (fresh machine). */
  @IsIn(['true', 'false'])
  SEED_DEMO_DATA = 'true';

  /** Where uploaded and generated media live; served at /media. */
  @IsString()
  MEDIA_DIR = 'var/media';

  /** Seconds public catalogue reads are cached in memory (invalidated explicitly on change). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  CATALOG_CACHE_SECONDS = 60;

  /** Outgoing e-mail: smtp://user:pass@host:587 (STARTTLS) or smtps://…:465. Empty → log driver + dev outbox. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/[^/]+/, { message: 'SMTP_URL must be smtp://user:pass@host:port or smtps://user:pass@host:port' })
  SMTP_URL?: string;

  /** Sender of shop e-mail, e.g. `肌研舍 <no-reply@shop.example.com>`. */
  @IsString()
  @Matches(/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/, { message: 'MAIL_FROM must be an address, e.g. 肌研舍 <no-reply@shop.example.com>' })
  MAIL_FROM = DEFAULT_MAIL_FROM;

  /** Secret for signing session cookies (production: at least 32 random characters). */
  @IsOptional()
  @IsString()
  @MinLength(16)
  SESSION_SECRET?: string;

  // ── jobs and the outbox (defaults suit production; the fault tests shrink them to run in seconds) ──

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

  /** OpenAPI document and Swagger UI at /api/docs: on outside production; in production only with `true`. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'API_DOCS must be true or false' })
  API_DOCS?: 'true' | 'false';
}

export function validateEnv(raw: Record<string, unknown>): EnvVars {
  const env = plainToInstance(EnvVars, raw, { enableImplicitConversion: false, exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  SESSION_SECRET is required in production');
  }
  if (!env.REDIS_URL && env.RUN_WORKERS_IN_WEB === 'false') {
    errors.push(Object.assign(new ValidationError(), {
      property: 'RUN_WORKERS_IN_WEB',
      constraints: { redis: 'RUN_WORKERS_IN_WEB=false needs REDIS_URL (without Redis no other process can run the jobs)' },
    }));
  }
  if (!env.REDIS_URL && env.WEB_CONCURRENCY > 1) {
    errors.push(Object.assign(new ValidationError(), {
      property: 'WEB_CONCURRENCY',
      constraints: { redis: 'WEB_CONCURRENCY above 1 needs REDIS_URL (processes must share cache invalidations and the queue)' },
    }));
  }
  if (errors.length) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {})[0] ?? "invalid"}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return env;
}
