import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { CreateReviewAnswer, ReviewablesAnswer, ReviewPhotoAnswer } from '../../common/api/reviews';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { ok } from '../../common/http/envelope';
import { RateLimit, clientIp } from '../../common/rate-limit/rate-limit.guard';
import { rateLimitRule } from '../../common/rate-limit/rate-limiter';
import { IMAGE_MSG } from '../images/image-texts';
import { IMAGE_UPLOAD_LIMITS, readUpload, type UploadAnswers, type UploadLimits } from '../images/upload-storage';
import { CreateReviewDto } from './dto/reviews.dto';
import { ReviewPhotos } from './review-photos.service';
import { ReviewsService } from './reviews.service';

/** Review photos: 30 uploads per member per 10 minutes (5 photos a review, a few retries). */
export const REVIEW_PHOTO_RATE_LIMIT = rateLimitRule('review-photo', 30, 600);

/** The multipart reader's refusals (a second file, a cut request past 64 MB, a malformed body) in the image library's words. */
const PHOTO_ANSWERS: UploadAnswers = {
  tooLarge: [HttpStatus.PAYLOAD_TOO_LARGE, IMAGE_MSG.tooLarge],
  tooMany: [HttpStatus.BAD_REQUEST, IMAGE_MSG.tooMany(1)],
  failed: [HttpStatus.BAD_REQUEST, IMAGE_MSG.uploadFailed],
};

/** One photo in `file`, kept up to the image library's 8 MB (a larger one is drained and refused by name). */
const PHOTO_UPLOAD: UploadLimits = { ...IMAGE_UPLOAD_LIMITS, fileField: 'file', files: 1, fields: 5, parts: 6 };

/** 我的評價 (spec 4 §7): write a review, upload its photos, what waits for a review. The member is the session's. */
@ApiTags('shop: reviews')
@Controller('member')
@UseGuards(MemberGuard)
export class ShopReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly photos: ReviewPhotos,
  ) {}

  @Post('reviews')
  @HttpCode(200)
  @ApiOperation({ summary: 'Review an item of a delivered or completed order (once, within 90 days); held for staff when it holds a link, phone or e-mail' })
  create(@CurrentUser() me: SessionUser, @Body() dto: CreateReviewDto): Promise<CreateReviewAnswer> {
    return this.reviews.create(me.id, dto);
  }

  @Post('reviews/photos')
  @HttpCode(200)
  @RateLimit(REVIEW_PHOTO_RATE_LIMIT, (req: FastifyRequest) => (typeof req.user?.id === 'number' ? `u${req.user.id}` : clientIp(req)))
  @ApiOperation({ summary: 'One review photo (multipart `file`, ≤ 8 MB): checked and re-encoded to WebP like the image library → url' })
  async photo(@CurrentUser() me: SessionUser, @Req() req: FastifyRequest): Promise<ReviewPhotoAnswer> {
    const form = await readUpload(req, PHOTO_UPLOAD, PHOTO_ANSWERS);
    return ok({ url: await this.photos.upload(me.id, form.files[0]) });
  }

  @Get('reviewables')
  @ApiOperation({ summary: "Items waiting for a review (delivered or completed within 90 days, not gifts) and the member's reviews" })
  reviewables(@CurrentUser() me: SessionUser): Promise<ReviewablesAnswer> {
    return this.reviews.reviewables(me.id);
  }
}
