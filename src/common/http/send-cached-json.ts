import type { Request, Response } from 'express';
import type { CachedJson } from '../cache/read-cache.service';

/**
 * Answers a cached JSON body with its ETag; a matching If-None-Match gets 304.
 * `no-cache` lets browsers keep the copy but revalidate every time (cheap: 304).
 */
export function sendCachedJson(req: Request, res: Response, cached: CachedJson): void {
  res.setHeader('ETag', cached.etag);
  res.setHeader('Cache-Control', 'no-cache');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(/\s*,\s*/).some((t) => t === cached.etag || t === `W/${cached.etag}`)) {
    res.status(304).end();
    return;
  }
  res.type('application/json; charset=utf-8').send(cached.body);
}
