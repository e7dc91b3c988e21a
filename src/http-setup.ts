import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PinoLogger } from 'nestjs-pino';
import { FastReads } from './common/http/fast-reads';
import { isPrecompressed } from './common/http/send-cached-json';
import { createValidationPipe } from './common/http/validation.pipe';
import type { AppConfig } from './config/app-config';
import { configureSessions } from './modules/auth/session.setup';
import { seoHtmlHandler } from './modules/seo/seo-html.middleware';
import { mountSeoRoutes } from './modules/seo/seo-routes';

/** The built shopper/admin SPA (client/dist), next to src/ or dist/. */
export const CLIENT_DIST = resolve(__dirname, '..', 'client', 'dist');

/** Content-Security-Policy: no inline script anywhere; embeds only from YouTube, Facebook and Google Maps. */
export function contentSecurityPolicy(isProduction: boolean) {
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
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/** JSON request bodies up to this size. */
const JSON_LIMIT = '2mb';

/** helmet with our CSP: every answer carries these security headers. */
export function securityMiddleware(config: AppConfig): RequestHandler {
  return helmet({ contentSecurityPolicy: contentSecurityPolicy(config.isProduction), crossOriginEmbedderPolicy: false });
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

/** Middleware, global pipes and static files shared by the server and the API tests. */
export function configureHttp(app: NestExpressApplication, config: AppConfig): void {
  app.setGlobalPrefix('api');
  app.disable('x-powered-by');
  app.set('etag', false); // our cached reads set strong ETags themselves
  if (config.trustProxy) app.set('trust proxy', /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy);
  const security = securityMiddleware(config);
  // First in the stack: cache hits of the public cached reads, answered as the routes below would.
  app.use(
    app.get(FastReads).middleware({
      securityHeaders: headersSetBy(security),
      jsonParser: express.json({ limit: JSON_LIMIT }),
      logger: () => PinoLogger.root,
    }),
  );
  app.use(security);
  // Cached JSON answers arrive compressed already (once per cache fill): leave those alone.
  app.use(compression({ threshold: 1024, filter: (req, res) => !isPrecompressed(res) && compression.filter(req, res) }));
  app.useBodyParser('json', { limit: JSON_LIMIT });
  configureSessions(app, config);
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  const swagger = new DocumentBuilder()
    .setTitle('skinshop API')
    .setDescription('Shop and back-office API. Every answer is `{ success, message?, ...fields }`.')
    .setVersion('1')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, swagger), { useGlobalPrefix: false });

  if (!existsSync(config.mediaDir)) mkdirSync(config.mediaDir, { recursive: true });
  app.useStaticAssets(config.mediaDir, { prefix: '/media', maxAge: '7d', index: false, fallthrough: false });
  mountSeoRoutes(app, join(CLIENT_DIST, 'index.html'));
  serveClient(app);
}

/** Serves the built client with long-lived hashed assets and an SPA fallback to index.html. */
function serveClient(app: NestExpressApplication): void {
  if (!existsSync(join(CLIENT_DIST, 'index.html'))) return;
  app.useStaticAssets(join(CLIENT_DIST, 'assets'), { prefix: '/assets', immutable: true, maxAge: '1y', index: false, fallthrough: false });
  // Root files of client/public (favicon …). Not for /api: a static lookup costs a stat() per API call.
  const rootFiles = express.static(CLIENT_DIST, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/') ? next() : rootFiles(req, res, next)));
  const index = join(CLIENT_DIST, 'index.html');
  const renderPage = seoHtmlHandler(app, index);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/') || req.path === '/api') return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    renderPage(req, res, next);
  });
}
