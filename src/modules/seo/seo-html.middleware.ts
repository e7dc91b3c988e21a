import { Logger } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IndexTemplate } from './index-template';
import { SeoPagesService } from './seo-pages.service';

const logger = new Logger('SeoHtml');

/** Sends a page answer for one request (see seoHtmlHandler). */
export type PageHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The request's path (no query string). */
export const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/**
 * The SPA fallback's answer: index.html with the page's server-rendered `<head>` and a
 * crawlable `#root` fallback (React's createRoot replaces it on mount), with status 404
 * for unknown paths and missing products or posters. When rendering fails the plain
 * template is sent, so a data problem never blanks the shop. Always `Cache-Control: no-cache`.
 *
 * `indexHtmlPath` is read once and again when its mtime changes; when it does not exist
 * a minimal built-in shell is used (tests, a server without the client build).
 */
export function seoHtmlHandler(app: INestApplicationContext, indexHtmlPath: string): PageHandler {
  const template = new IndexTemplate(indexHtmlPath);
  let pages: SeoPagesService | undefined;
  return async (req, reply) => {
    const tpl = template.get();
    const path = pathOf(req.url);
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    let html: string;
    try {
      const seo = (pages ??= app.get<SeoPagesService>(SeoPagesService));
      // The Host header as sent (as Express's req.get('host')): the page's canonical origin.
      const page = await seo.render(path, seo.origin(req.protocol, req.headers.host));
      reply.code(page.status);
      html = tpl.render(page);
    } catch (err: unknown) {
      logger.error(`server rendering of ${path} failed: ${(err as Error)?.stack ?? String(err)}`);
      reply.code(200);
      html = tpl.html;
    }
    await reply.send(html);
  };
}

/**
 * Whether an Accept header takes HTML, as Express's `req.accepts('html')` decided: no header
 * takes anything; else `text/html`, `text/*` or `*` with q > 0.
 */
export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  for (const part of accept.split(',')) {
    const [range, ...params] = part.split(';');
    const type = range.trim().toLowerCase();
    if (type !== 'text/html' && type !== 'text/*' && type !== '*/*' && type !== '*') continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k.trim().toLowerCase() === 'q') q = Number.parseFloat(v);
    }
    if (q > 0) return true;
  }
  return false;
}

/** True for a browser or crawler asking for a page: GET/HEAD, outside /api, accepting HTML. */
export function isPageRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = pathOf(req.url);
  if (path === '/api' || path.startsWith('/api/')) return false;
  return acceptsHtml(req.headers.accept);
}
