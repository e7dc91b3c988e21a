import { Controller, Get, OnModuleInit, Param, ParseIntPipe, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppError } from '../../common/errors/app-error';
import { FastReads } from '../../common/http/fast-reads';
import type { CachedJson } from '../../common/cache/read-cache.service';
import { etagMatches, JSON_CONTENT_TYPE, sendCachedJson } from '../../common/http/send-cached-json';
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
  async productReviews(@Param('id', idPipe) id: number, @Query() q: ProductReviewsQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    const withPhotos = q.withPhotos === '1' || q.withPhotos === 'true';
    sendCompressedOnTheFly(req, res, await this.reads.productReviews(id, { page: q.page, limit: q.limit, stars: q.stars, withPhotos, sort: q.sort }));
  }

  @Get('ratings')
  @ApiOperation({ summary: 'Average (one decimal) and count of shown reviews of every product that has some, for the product cards' })
  async ratings(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendCachedJson(req, res, await this.reads.ratings());
  }
}

/**
 * A cached answer with its ETag (304 when the browser has it), compressed per response by the
 * compression middleware instead of the cache's once-per-fill brotli 9: a product's review pages are
 * many (page × filter × sort) and each is often asked once, so the fill's brotli 9 (~20 ms of CPU for
 * a page) cost more than it saves; the middleware's fast levels cost well under a millisecond.
 */
function sendCompressedOnTheFly(req: Request, res: Response, cached: CachedJson): void {
  res.setHeader('ETag', cached.etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], cached.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.status(200).send(cached.raw);
}
