import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { seedDemo } from './database/seeds/demo-seed';
import { seedReferenceData } from './database/seeds/reference-seed';
import { genericMessage } from './common/http/envelope';
import { bodyError, DEFAULT_JSON_LIMIT } from './common/http/json-body';
import { requestIdFor } from './common/http/logger';
import { configureHttp } from './http-setup';

/**
 * Runs pending migrations, adds missing reference rows (shipping and payment methods,
 * status codes, settings keys, version keys: never overwriting what staff changed),
 * then seeds demo data into an empty shop when enabled.
 */
export async function prepareDatabase(ds: DataSource, config: AppConfig): Promise<void> {
  const log = new NestLogger('Database');
  const ran = await ds.runMigrations({ transaction: 'each' });
  if (ran.length) log.log(`applied ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}`);
  const added = await seedReferenceData(ds);
  if (added) log.log(`added ${added} missing reference row(s)`);
  if (config.seedDemoData) {
    const seeded = await seedDemo(ds, {
      mediaDir: config.mediaDir,
      adminPassword: config.auth.admin.initialPassword,
      promotions: config.seedDemoPromotions,
      // Printed once, when the account is created (ADMIN_INITIAL_PASSWORD unset).
      onGeneratedAdminPassword: (username, password) =>
        log.warn(`back-office account "${username}" (owner) created with password: ${password} — shown once; change it after signing in at /admin/login`),
    });
    if (seeded) log.log('empty database: demo data seeded');
  }
}

/** TRUST_PROXY as Fastify takes it: a number of hops, or the addresses/CIDRs/keywords (`loopback`) proxy-addr knows, as Express took them. */
export function trustProxyOption(value: string | undefined): FastifyServerOptions['trustProxy'] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Fastify's options for the shop (see docs/architecture.md, "HTTP edge"). */
export function fastifyOptions(config: AppConfig): FastifyServerOptions {
  return {
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: DEFAULT_JSON_LIMIT,
    // Draining (SIGTERM): new requests on kept-alive connections get 503 instead of waiting.
    return503OnClosing: true,
    // No `logger`: Fastify logs nothing itself; the edge logs each answered request (common/http/logger's requestLogHook).
    routerOptions: {
      // As Express did: `/x/` is `/x`, and paths match whatever their letter case (parameters keep theirs).
      ignoreTrailingSlash: true,
      caseSensitive: false,
      // Express 5's "simple" query parser: node:querystring (no nesting; a repeated key gives an array).
      querystringParser: (query: string) => parseQuery(query),
    },
    // A sane incoming X-Request-Id, else a new UUID; echoed in every answer (http-setup).
    genReqId: (req: IncomingMessage) => requestIdFor(req),
    // Errors before routing: a path with a broken escape (`%E0%A4%A`) is a bad request under /api and
    // a missing file or page elsewhere (as Express's static files answered it); in the envelope.
    frameworkErrors: (error, req, res) => {
      const reply = res as FastifyReply;
      const status = error.code === 'FST_ERR_BAD_URL' && !/^\/api(\/|$)/.test(req.url) ? 404 : (error.statusCode ?? 400);
      void reply
        .code(status)
        .header('X-Request-Id', req.id)
        .header('Cache-Control', 'no-cache')
        .send({ success: false, message: genericMessage(status) });
    },
  };
}

/**
 * The Fastify adapter, with Fastify's errors about a request (a body too large, a bad
 * Content-Encoding, …) turned into our answers before Nest maps them (Nest would keep their English text).
 */
class ShopFastifyAdapter extends FastifyAdapter {
  override setErrorHandler(handler: Parameters<FastifyAdapter['setErrorHandler']>[0]) {
    return super.setErrorHandler(function (this: unknown, err, req, reply) {
      return (handler as (e: unknown, q: typeof req, r: typeof reply) => unknown).call(this, bodyError(err), req, reply);
    } as typeof handler);
  }
}

/** The web application, fully configured but not listening (tests call `app.init()`). */
export async function createWebApp(config: AppConfig, options: { prepare?: boolean; clientDist?: string } = {}): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, { http: true, runWorkers: config.runWorkersInWeb }),
    // skipMiddie: the shop has no Nest (Express-style) middleware; middie would run on every request before any hook of ours.
    new ShopFastifyAdapter({ ...fastifyOptions(config), skipMiddie: true }),
    // Errors reach the caller (main prints them and exits; tests see them) instead of process.exit inside Nest.
    // bodyParser off: configureHttp registers the content-type parsers (per-route limits, depth cap, forms only where taken).
    { bufferLogs: true, abortOnError: false, bodyParser: false },
  );
  app.useLogger(app.get(Logger));
  await configureHttp(app, config, { clientDist: options.clientDist });
  if (options.prepare !== false) await prepareDatabase(app.get(DataSource), config);
  return app;
}
