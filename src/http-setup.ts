import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { HelmetOptions } from 'helmet';
import type { Logger as PinoInstance } from 'pino';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COOKIE_OPTIONS } from './common/http/cookie-options';
import { GENERIC_NOT_FOUND } from './common/http/envelope';
import { FastReads } from './common/http/fast-reads';
import { requestLogHook, ROOT_LOGGER } from './common/http/logger';
import { registerScoped } from './common/http/scoped-plugin';
import { helmetHeaders } from './common/http/security-headers';
import { registerBodyParsers, REQUEST_ENCODINGS } from './common/http/json-body';
import { COMPRESS_THRESHOLD } from './common/http/send-cached-json';
import { createValidationPipe } from './common/http/validation.pipe';
import type { AppConfig } from './config/app-config';
import type { EmbeddedSimulators } from './integrations/providers/embedded-simulators';
import { SIMULATORS } from './integrations/providers/provider-tokens';
import { configureSessions } from './modules/auth/session.setup';
import { AnalyticsCsp } from './modules/analytics/analytics-csp';
import { IMAGE_MAX_BYTES } from './modules/images/image-processing';
import { mountAdminQueues } from './modules/jobs-admin/admin-queues.mount';
import { isPageRequest, pathOf, seoHtmlHandler } from './modules/seo/seo-html.middleware';
import { mountSeoRoutes } from './modules/seo/seo-routes';
import { HttpMetrics, UNMATCHED_ROUTE } from './modules/metrics/http-metrics';

/** The built shopper/admin SPA (client/dist), next to src/ or dist/. */
export const CLIENT_DIST = resolve(__dirname, '..', 'client', 'dist');

/**
 * Content-Security-Policy: no inline script anywhere; embeds only from YouTube, Facebook and Google
 * Maps. `formActions`: origins besides our own that pages may post forms to (PAYUNi's hosted card
 * page and store map: the checkout posts an auto-submit form there).
 */
export function contentSecurityPolicy(isProduction: boolean, formActions: readonly string[] = []) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd's CSS-in-JS writes <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://www.facebook.com', 'https://www.google.com'],
      mediaSrc: ["'self'", 'https:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...formActions],
      frameAncestors: ["'self'"],
      ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/** Origins the browser posts provider forms to: PAYUNi's (UPP card page, store map) when it is a real gateway. */
export function providerFormOrigins(config: AppConfig): string[] {
  const url = config.providers.payuni.apiUrl;
  return url ? [new URL(url).origin] : [];
}

/** helmet's options: our CSP, every answer carries these security headers. */
export function securityOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config.isProduction, providerFormOrigins(config)),
    crossOriginEmbedderPolicy: false,
    // The checkout opens the 7-11 store map in a popup that must post the store back to it: with
    // `same-origin` the popup would lose its opener as soon as it reaches PAYUNi's origin.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/** Where the OpenAPI document and Swagger UI are served (when `API_DOCS` allows; see AppConfig.apiDocs). */
export const API_DOCS_PATH = '/api/docs';

export interface HttpOptions {
  /** The built client to serve; default CLIENT_DIST (tests point it at a fixture). */
  clientDist?: string;
}

const NOT_FOUND = { success: false, message: GENERIC_NOT_FOUND } as const;
type Hook = (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;

/**
 * The HTTP edge on Fastify, shared by the server and the API tests. `onRequest` hooks, in order:
 * X-Request-Id and security headers (helmet) → cache hits of the public reads → the analytics CSP
 * on pages → unknown /api routes answered 404 (nothing read) → the SPA/SEO page of an unrouted
 * page request; then the body (request decompression, per-route limits, depth cap, forms only for
 * the provider callbacks; multipart for uploads), cookies, sessions/CSRF (F2), Bull Board; static
 * files; reply compression. Nest's routes are registered at app.init().
 */
export async function configureHttp(app: NestFastifyApplication, config: AppConfig, options: HttpOptions = {}): Promise<void> {
  const clientDist = options.clientDist ?? CLIENT_DIST;
  const fastify = app.getHttpAdapter().getInstance();
  app.setGlobalPrefix('api');

  // Every answer carries helmet's security headers and says which request it was (Fastify's id: a sane X-Request-Id, else a new UUID).
  const securityHeaders = helmetHeaders(securityOptions(config));
  fastify.addHook('onRequest', ((req, reply, done) => {
    reply.headers(securityHeaders).header('X-Request-Id', req.id);
    done();
  }) satisfies Hook);
  // Cache hits of the public cached reads, answered as the routes would, right after the headers every
  // answer carries (GET here, the POST version check once its small body is read). They are routes:
  // the 404 hook below never applies to them, and the analytics CSP is for pages, not /api.
  app.get(FastReads).register(fastify);
  // One log line per request (off below the configured level).
  fastify.addHook('onResponse', requestLogHook(app.get<PinoInstance>(ROOT_LOGGER)));
  // Metrics: every answer by method, route pattern (/api/orders/:id; 'unmatched' when no route took it) and status.
  const httpMetrics = app.get(HttpMetrics);
  fastify.addHook('onResponse', (req, reply, done) => {
    httpMetrics.observe(req.method, (!req.is404 && req.routeOptions.url) || UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Pages: the CSP gains the GA4 / Meta Pixel hosts while their ids are set in settings (issue 22 §7).
  fastify.addHook('onRequest', app.get(AnalyticsCsp).hook(contentSecurityPolicy(config.isProduction, providerFormOrigins(config))));
  // Before any body is read, session loaded or CSRF token checked: /api paths no route serves → 404.
  fastify.addHook('onRequest', ((req, reply, done) => {
    if (!req.is404) return done();
    const path = pathOf(req.url);
    if (path !== '/api' && !path.startsWith('/api/')) return done();
    reply.code(404).send(NOT_FOUND);
  }) satisfies Hook);
  // Pages no route serves (the SPA's paths): index.html with the page's server-rendered head.
  const renderPage = seoHtmlHandler(app, join(clientDist, 'index.html'));
  fastify.addHook('onRequest', ((req, reply, done) => {
    if (!req.is404 || !isPageRequest(req) || /^\/(media|assets)(\/|$)/.test(pathOf(req.url))) return done();
    void renderPage(req, reply);
  }) satisfies Hook);

  // Replies: br/gzip above 1 KB (a cached answer, already encoded, is left alone). Requests:
  // gzip/deflate/br bodies inflated; an unknown or broken coding → 400 (json-body's bodyError).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip', 'identity'],
    requestEncodings: [...REQUEST_ENCODINGS],
  });
  registerBodyParsers(fastify);
  // Uploads (the routes read them with req.file()/req.parts(), with their own limits): 8 MB a file.
  // Its request hooks (temp-file clean-up, promises on every request) run for multipart requests only.
  await registerScoped(fastify, multipart, { limits: { fileSize: IMAGE_MAX_BYTES } }, isMultipartRequest);
  // The built-in provider simulators (a provider without a URL): their pages under /sim/….
  mountSimulators(app, fastify);
  await app.register(cookie, COOKIE_OPTIONS);
  await configureSessions(app, config);
  // Bull Board at /admin/queues behind the admin session (BullMQ only).
  await mountAdminQueues(app, config);
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  if (config.apiDocs) {
    const swagger = new DocumentBuilder()
      .setTitle('skinshop API')
      .setDescription('Shop and back-office API. Every answer is `{ success, message?, ...fields }`.')
      .setVersion('1')
      .build();
    SwaggerModule.setup(API_DOCS_PATH.slice(1), app, () => SwaggerModule.createDocument(app, swagger), { useGlobalPrefix: false });
  }

  if (!existsSync(config.mediaDir)) mkdirSync(config.mediaDir, { recursive: true });
  // Uploads keep their names (not content hashes): a week, revalidated after. A missing file, a
  // directory, a dotfile, a traversal attempt, a bad escape → 404 in the envelope (the exception
  // filter), with no path or stack in the log. The first registration decorates reply.sendFile.
  await app.register(fastifyStatic, { root: config.mediaDir, prefix: '/media/', maxAge: '7d', index: false, redirect: false, dotfiles: 'ignore' });
  mountSeoRoutes(app);
  await serveClient(app, clientDist);
}

/**
 * The embedded simulators (SIMULATOR_MOUNTS): their own Express app gets the raw request (Fastify
 * hands it over: hijacked), with no body read here (each reads its own: LINE Pay signs the raw
 * bytes), never compressed, never cached.
 */
function mountSimulators(app: NestFastifyApplication, fastify: FastifyInstance): void {
  const sims = app.get<EmbeddedSimulators | null>(SIMULATORS, { strict: false });
  // A shop on port 0 (tests) learns its port when it listens: the simulated PAYUNi back office sends status notifies there.
  const server = app.getHttpServer() as import('node:http').Server | undefined;
  server?.once?.('listening', () => {
    const address = server.address();
    if (sims && address && typeof address === 'object') sims.shopListening(`http://127.0.0.1:${address.port}`);
  });
  const mounts = sims?.mounts() ?? [];
  if (!sims || mounts.length === 0) return;
  const handle = sims.handler();
  const methods: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  void fastify.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', (_req: FastifyRequest, _payload: unknown, done: (err: Error | null, body?: unknown) => void) => done(null, undefined));
    for (const { path } of mounts) {
      for (const url of [path, `${path}/*`]) {
        child.route({
          method: methods,
          url,
          compress: false,
          decompress: false,
          handler: (req, reply) => {
            reply.hijack();
            // The headers the hooks set so far (security headers, X-Request-Id) go along.
            for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
            handle(req.raw, reply.raw);
          },
        });
      }
    }
  });
}

/**
 * Serves the built client: `/assets` (content-hashed names) cached for a year as `immutable`,
 * root files of client/public for an hour, and every page — index.html and the SPA fallback —
 * `no-cache`, so a deploy reaches every browser on its next visit. A missing asset → 404 in the
 * envelope, `no-cache` (the exception filter).
 */
async function serveClient(app: NestFastifyApplication, clientDist: string): Promise<void> {
  if (!existsSync(join(clientDist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: join(clientDist, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '1y',
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    decorateReply: false,
  });
  // Root files of client/public (favicon …), one route each (what the build holds; nothing under /api).
  await app.register(fastifyStatic, {
    root: clientDist,
    prefix: '/',
    wildcard: false,
    globIgnore: ['assets/**'],
    maxAge: '1h',
    index: false,
    redirect: false,
    decorateReply: false,
    setHeaders: (res, file) => {
      if (file.endsWith('.html')) res.header('Cache-Control', 'no-cache');
    },
  });
}

/** A multipart/form-data request (an upload): what @fastify/multipart's hooks are for. */
function isMultipartRequest(req: FastifyRequest): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && /^multipart\/form-data\b/i.test(type);
}
