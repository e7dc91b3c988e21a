import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { SeoPagesService } from './seo-pages.service';
import { SeoSitemapService } from './seo-sitemap.service';

const logger = new Logger('SeoRoutes');
/** Crawlers fetch these often; a short shared cache keeps them cheap without going stale. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * Mounts `/robots.txt` and `/sitemap.xml` (root paths, outside the `/api` prefix) as Fastify
 * routes. Pages (the SPA fallback) are answered by http-setup's page hook with seoHtmlHandler.
 */
export function mountSeoRoutes(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  let services: { pages: SeoPagesService; sitemap: SeoSitemapService } | undefined;
  const get = () => (services ??= { pages: app.get(SeoPagesService), sitemap: app.get(SeoSitemapService) });
  // The Host header as sent (as Express's req.get('host')).
  const originOf = (req: FastifyRequest) => get().pages.origin(req.protocol, req.headers.host);

  fastify.get('/robots.txt', async (req, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE_CONTROL);
    return get().sitemap.robotsTxt(originOf(req));
  });

  fastify.get('/sitemap.xml', async (req, reply) => {
    try {
      const xml = await get().sitemap.sitemapXml(originOf(req));
      reply.type('application/xml; charset=utf-8').header('Cache-Control', CACHE_CONTROL);
      return xml;
    } catch (err: unknown) {
      logger.error(`sitemap failed: ${(err as Error)?.stack ?? String(err)}`);
      reply.code(503).type('text/plain; charset=utf-8').header('Retry-After', '60');
      return 'sitemap temporarily unavailable';
    }
  });
}
