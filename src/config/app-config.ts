import { resolve } from 'node:path';
import { AuthConfig, authConfigFromEnv } from './auth-config';
import { EnvVars, validateEnv } from './env.schema';

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
  mediaDir: string;
  catalogCacheSeconds: number;
  sessionSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  trustProxy?: string;
  webConcurrency: number;
  /** Retries, stall checks and the outbox (JOBS_*, OUTBOX_*). */
  jobs: JobsConfig;
  /** Serve the OpenAPI document and Swagger UI at /api/docs (API_DOCS; default: not in production). */
  apiDocs: boolean;
  /** Member accounts: sessions, CSRF exemptions, SMS driver, code limits, login throttling, social logins. */
  auth: AuthConfig;
}

export interface JobsConfig {
  attempts: number;
  backoffDelayMs: number;
  backoffMaxDelayMs: number;
  stalledIntervalMs: number;
  lockDurationMs: number;
  outboxSweepMs: number;
  outboxRecheckMs: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Problem lines of an `Invalid configuration:` error (the first line is the heading). */
function problemLines(e: unknown): string[] {
  if (e instanceof Error && e.message.startsWith('Invalid configuration:')) return e.message.split('\n').slice(1);
  throw e;
}

/**
 * Validates the whole environment at once: a bad value anywhere stops the boot with one
 * `Invalid configuration:` error listing every problem, one line each.
 */
export function loadAppConfig(raw: Record<string, unknown> = process.env): AppConfig {
  const problems: string[] = [];
  let env: EnvVars | undefined;
  let auth: AuthConfig | undefined;
  try {
    env = validateEnv(raw);
  } catch (e) {
    problems.push(...problemLines(e));
  }
  try {
    auth = authConfigFromEnv(raw as Record<string, string | undefined>);
  } catch (e) {
    problems.push(...problemLines(e));
  }
  if (!env || !auth || problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
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
    mediaDir: resolve(env.MEDIA_DIR),
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
    },
    apiDocs: env.API_DOCS === undefined ? env.NODE_ENV !== 'production' : env.API_DOCS === 'true',
    auth,
  };
}
