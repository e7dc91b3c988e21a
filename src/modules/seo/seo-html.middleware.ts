import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IndexTemplate } from './index-template';
import { SeoPagesService } from './seo-pages.service';

const logger = new Logger('SeoHtml');

/**
 * The SPA fallback's answer: index.html with the page's server-rendered `<head>` and a
 * crawlable `#root` fallback (React's createRoot replaces it on mount), with status 404
 * for unknown paths and missing products or posters. When rendering fails the plain
 * template is sent, so a data problem never blanks the shop.
 *
 * `indexHtmlPath` is read once and again when its mtime changes; when it does not exist
 * a minimal built-in shell is used (tests, a server without the client build).
 */
export function seoHtmlHandler(app: NestExpressApplication, indexHtmlPath: string): RequestHandler {
  const template = new IndexTemplate(indexHtmlPath);
  let pages: SeoPagesService | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    const tpl = template.get();
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html');
    (async () => {
      const seo = (pages ??= app.get<SeoPagesService>(SeoPagesService));
      const page = await seo.render(req.path, seo.origin(req.protocol, req.get('host')));
      res.status(page.status).send(tpl.render(page));
    })().catch((err: unknown) => {
      logger.error(`server rendering of ${req.path} failed: ${(err as Error)?.stack ?? String(err)}`);
      if (res.headersSent) return next(err);
      res.status(200).send(tpl.html);
    });
  };
}

/** True for a browser or crawler asking for a page: GET/HEAD, outside /api, accepting HTML. */
export function isPageRequest(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path === '/api' || req.path.startsWith('/api/')) return false;
  return Boolean(req.accepts('html'));
}
