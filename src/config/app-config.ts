import { resolve } from 'node:path';
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
}

export const APP_CONFIG = Symbol('APP_CONFIG');

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
    mediaDir: resolve(env.MEDIA_DIR),
    catalogCacheSeconds: env.CATALOG_CACHE_SECONDS,
    sessionSecret: env.SESSION_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
    webConcurrency: env.WEB_CONCURRENCY,
  };
}
