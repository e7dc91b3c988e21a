import { Controller, Get, OnModuleInit, Param, ParseIntPipe, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { AppError } from '../../common/errors/app-error';
import { FastReads } from '../../common/http/fast-reads';
import type { CachedJson } from '../../common/cache/read-cache.service';
import { COMPRESS_THRESHOLD, etagMatches, JSON_CONTENT_TYPE, negotiateCoding, sendCachedJson } from '../../common/http/send-cached-json';
import { ProductReviewsQuery } from './dto/reviews.dto';
import { ReviewReads } from './review-reads.service';

const idPipe = new ParseIntPipe({ exceptionFactory: () => new AppError('找不到商品', 404) });

/** The product page's reviews and the cards' ratings (spec 4 §7): public, cached. */
@ApiTags('shop: reviews')
@Controller('load')
export class ShopReviewReadsController implements OnModuleInit {
  constructor(
    private readonly reads: ReviewReads,
    private readonly fast: FastReads,
  ) {}

  onModuleInit(): void {
    this.fast.get('/api/load/ratings', () => this.reads.peekRatings());
  }

  @Get('productReviews/:id')
  @ApiOperation({ summary: "A product's review summary (average, count, 5→1 distribution, with photos) and a page of shown reviews: page, limit (10), stars, withPhotos, sort newest | highest | lowest" })
  async productReviews(@Param('id', idPipe) id: number, @Query() q: ProductReviewsQuery, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const withPhotos = q.withPhotos === '1' || q.withPhotos === 'true';
    sendFastCompressed(req, reply, await this.reads.productReviews(id, { page: q.page, limit: q.limit, stars: q.stars, withPhotos, sort: q.sort }));
  }

  @Get('ratings')
  @ApiOperation({ summary: 'Average (one decimal) and count of shown reviews of every product that has some, for the product cards' })
  async ratings(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCachedJson(req, reply, await this.reads.ratings());
  }
}

/** Each cached page's compressed forms at fast levels (kept with the entry: dropped with it). */
const FAST_CODINGS = new WeakMap<CachedJson, Partial<Record<'br' | 'gzip', Buffer>>>();

function fastBytes(cached: CachedJson, coding: 'br' | 'gzip'): Buffer {
  let forms = FAST_CODINGS.get(cached);
  if (!forms) FAST_CODINGS.set(cached, (forms = {}));
  if (coding === 'gzip') return (forms.gzip ??= gzipSync(cached.raw, { level: 6 }));
  return (forms.br ??= brotliCompressSync(cached.raw, {
    params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: cached.raw.length },
  }));
}

/**
 * A cached answer with its ETag (304 when the browser has it), compressed once per cache entry at
 * fast levels (brotli 4, gzip 6) instead of the cache's brotli 9: a product's review pages are many
 * (page × filter × sort) and each is often asked once, so brotli 9 (~20 ms of CPU for a page in the
 * bench's profile) cost more than it saved. The compression middleware leaves an encoded body alone.
 */
function sendFastCompressed(req: FastifyRequest, reply: FastifyReply, cached: CachedJson): void {
  reply.header('ETag', cached.etag);
  reply.header('Cache-Control', 'no-cache');
  reply.header('Vary', 'Accept-Encoding');
  if (etagMatches(req.headers['if-none-match'], cached.etag)) {
    reply.code(304).send();
    return;
  }
  const coding = cached.raw.length >= COMPRESS_THRESHOLD ? negotiateCoding(req.headers['accept-encoding']) : 'identity';
  reply.header('Content-Type', JSON_CONTENT_TYPE);
  if (coding === 'identity') {
    reply.code(200).send(cached.raw);
    return;
  }
  const body = fastBytes(cached, coding);
  reply.header('Content-Encoding', coding);
  reply.header('Content-Length', String(body.length));
  reply.code(200).send(body);
}
