import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PinoLogger } from 'nestjs-pino';
import { apiRouteGate } from './common/http/api-route-gate';
import { GENERIC_NOT_FOUND } from './common/http/envelope';
import { FastReads } from './common/http/fast-reads';
import { jsonBodyParser } from './common/http/json-body';
import { isPrecompressed } from './common/http/send-cached-json';
import { createValidationPipe } from './common/http/validation.pipe';
import type { AppConfig } from './config/app-config';
import type { EmbeddedSimulators } from './integrations/providers/embedded-simulators';
import { SIMULATORS } from './integrations/providers/provider-tokens';
import { configureSessions } from './modules/auth/session.setup';
import { AnalyticsCsp } from './modules/analytics/analytics-csp';
import { mountAdminQueues } from './modules/jobs-admin/admin-queues.mount';
import { seoHtmlHandler } from './modules/seo/seo-html.middleware';
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

/** helmet with our CSP: every answer carries these security headers. */
export function securityMiddleware(config: AppConfig): RequestHandler {
  return helmet({
    contentSecurityPolicy: contentSecurityPolicy(config.isProduction, providerFormOrigins(config)),
    crossOriginEmbedderPolicy: false,
    // The checkout opens the 7-11 store map in a popup that must post the store back to it: with
    // `same-origin` the popup would lose its opener as soon as it reaches PAYUNi's origin.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}

/**
 * The headers a middleware sets on every response, captured once. helmet's depend only on
 * its options (no nonces), so the fast path can send them without running helmet per request.
 */
export function headersSetBy(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string | number) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  let done = false;
  middleware({ headers: {} } as Request, res as unknown as Response, () => (done = true));
  if (!done) throw new Error('security headers middleware did not finish synchronously');
  return headers;
}

/** Where the OpenAPI document and Swagger UI are served (when `API_DOCS` allows; see AppConfig.apiDocs). */
export const API_DOCS_PATH = '/api/docs';

export interface HttpOptions {
  /** The built client to serve; default CLIENT_DIST (tests point it at a fixture). */
  clientDist?: string;
}

/**
 * Middleware, global pipes and static files shared by the server and the API tests. In order:
 * cache-hit fast path → security headers → unknown /api routes answered 404 (nothing read) →
 * compression → provider simulators (/sim/…, when embedded) → JSON body (100 KB unless the route
 * declares more, depth ≤ 32; form fields for the provider callbacks) → sessions/CSRF →
 * static files → SPA; Nest's middleware and routes follow at app.init().
 */
export function configureHttp(app: NestExpressApplication, config: AppConfig, options: HttpOptions = {}): void {
  const clientDist = options.clientDist ?? CLIENT_DIST;
  app.setGlobalPrefix('api');
  app.disable('x-powered-by');
  app.set('etag', false); // our cached reads set strong ETags themselves
  if (config.trustProxy) app.set('trust proxy', /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy);
  const security = securityMiddleware(config);
  const requestLogger = () => PinoLogger.root;
  const jsonBody = jsonBodyParser();
  // Metrics: every answer by method, route pattern (/api/orders/:id; 'unmatched' when no route took it) and status.
  const httpMetrics = app.get(HttpMetrics);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? UNMATCHED_ROUTE;
      httpMetrics.observe(req.method, route, res.statusCode, (performance.now() - started) / 1000);
    });
    next();
  });
  // First in the stack: cache hits of the public cached reads, answered as the routes below would.
  app.use(app.get(FastReads).middleware({ securityHeaders: headersSetBy(security), jsonParser: jsonBody, logger: requestLogger }));
  app.use(security);
  // Pages: the CSP gains the GA4 / Meta Pixel hosts while their ids are set in settings (issue 22 §7).
  app.use(app.get(AnalyticsCsp).middleware(contentSecurityPolicy(config.isProduction, providerFormOrigins(config))));
  // Before any body is read, session loaded or CSRF token checked: /api paths no route serves → 404.
  app.use(
    apiRouteGate({
      express: app.getHttpAdapter().getInstance(),
      mounts: config.apiDocs ? [API_DOCS_PATH] : [],
      logger: requestLogger,
    }),
  );
  // Cached JSON answers arrive compressed already (once per cache fill): leave those alone.
  app.use(compression({ threshold: 1024, filter: (req, res) => !isPrecompressed(res) && compression.filter(req, res) }));
  // The built-in provider simulators (a provider without a URL): their pages under /sim/…, outside
  // /api (no session, no CSRF, no JSON parser: each reads its own body — LINE Pay signs the raw bytes).
  mountSimulators(app);
  // Only API routes take bodies (Nest's own parsers are off: see createWebApp).
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/') ? jsonBody(req, res, next) : next()));
  configureSessions(app, config);
  // Bull Board at /admin/queues behind the admin session (BullMQ only), before the SPA fallback.
  mountAdminQueues(app, config);
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
  // Uploads keep their names (not content hashes): a week, revalidated after.
  app.useStaticAssets(config.mediaDir, { prefix: '/media', maxAge: '7d', index: false, redirect: false });
  app.use('/media', fileNotFound);
  mountSeoRoutes(app, join(clientDist, 'index.html'));
  serveClient(app, clientDist);
}

/** Mounts the embedded simulators' routers (SIMULATOR_MOUNTS), never cached. */
function mountSimulators(app: NestExpressApplication): void {
  const sims = app.get<EmbeddedSimulators | null>(SIMULATORS, { strict: false });
  // A shop on port 0 (tests) learns its port when it listens: the simulated PAYUNi back office sends status notifies there.
  const server = app.getHttpServer() as import('node:http').Server | undefined;
  server?.once?.('listening', () => {
    const address = server.address();
    if (sims && address && typeof address === 'object') sims.shopListening(`http://127.0.0.1:${address.port}`);
  });
  for (const { path, router } of sims?.mounts() ?? []) {
    app.use(path, (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      // Like PAYUNi's own pages: the store-map popup keeps its opener (the checkout) through them.
      res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
      next();
    });
    app.use(path, router);
  }
}

/**
 * The end of `/media` and `/assets`: whatever the static handler did not send — a missing file,
 * an old chunk after a deploy, a directory, a dotfile, a traversal attempt (`..%2f`, `%2e%2e`),
 * a bad escape — is 404 in the envelope. serve-static runs with `fallthrough` (its default), so
 * none of these becomes an error with the file's absolute path and a stack in the log.
 */
function fileNotFound(_req: Request, res: Response): void {
  res.status(404).setHeader('Cache-Control', 'no-cache');
  res.json({ success: false, message: GENERIC_NOT_FOUND });
}

/**
 * Serves the built client: `/assets` (content-hashed names) cached for a year as `immutable`,
 * root files of client/public for an hour, and every page — index.html and the SPA fallback —
 * `no-cache`, so a deploy reaches every browser on its next visit.
 */
function serveClient(app: NestExpressApplication, clientDist: string): void {
  if (existsSync(join(clientDist, 'index.html'))) {
    app.useStaticAssets(join(clientDist, 'assets'), { prefix: '/assets', immutable: true, maxAge: '1y', index: false, redirect: false });
  }
  app.use('/assets', fileNotFound);
  if (!existsSync(join(clientDist, 'index.html'))) return;
  // Root files of client/public (favicon …). Not for /api: a static lookup costs a stat() per API call.
  const rootFiles = express.static(clientDist, {
    index: false,
    maxAge: '1h',
    redirect: false,
    setHeaders: (res, file) => {
      if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/') ? next() : rootFiles(req, res, next)));
  const renderPage = seoHtmlHandler(app, join(clientDist, 'index.html'));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/') || req.path === '/api') return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    renderPage(req, res, next);
  });
}
