import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { isPageRequest, seoHtmlHandler } from './seo-html.middleware';
import { SeoPagesService } from './seo-pages.service';
import { SeoSitemapService } from './seo-sitemap.service';

const logger = new Logger('SeoRoutes');
/** Crawlers fetch these often; a short shared cache keeps them cheap without going stale. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * Mounts `/robots.txt` and `/sitemap.xml` (root paths, outside the `/api` prefix) on the
 * Express instance. Call before the SPA fallback. When the client has not been built
 * (`indexHtmlPath` missing, so http-setup mounts no SPA fallback), it also answers page
 * requests itself from the built-in shell, so heads are rendered in API tests too.
 */
export function mountSeoRoutes(app: NestExpressApplication, indexHtmlPath: string): void {
  const server = app.getHttpAdapter().getInstance() as Express;
  let services: { pages: SeoPagesService; sitemap: SeoSitemapService } | undefined;
  const get = () => (services ??= { pages: app.get(SeoPagesService), sitemap: app.get(SeoSitemapService) });
  const originOf = (req: Request) => get().pages.origin(req.protocol, req.get('host'));

  server.get('/robots.txt', (req: Request, res: Response) => {
    res.type('text/plain; charset=utf-8').setHeader('Cache-Control', CACHE_CONTROL);
    res.send(get().sitemap.robotsTxt(originOf(req)));
  });

  server.get('/sitemap.xml', (req: Request, res: Response) => {
    get()
      .sitemap.sitemapXml(originOf(req))
      .then((xml) => res.type('application/xml; charset=utf-8').setHeader('Cache-Control', CACHE_CONTROL).send(xml))
      .catch((err: unknown) => {
        logger.error(`sitemap failed: ${(err as Error)?.stack ?? String(err)}`);
        res.status(503).type('text/plain; charset=utf-8').setHeader('Retry-After', '60').send('sitemap temporarily unavailable');
      });
  });

  if (!existsSync(indexHtmlPath)) {
    const render = seoHtmlHandler(app, indexHtmlPath);
    app.use((req: Request, res: Response, next: NextFunction) => (isPageRequest(req) ? render(req, res, next) : next()));
  }
}
