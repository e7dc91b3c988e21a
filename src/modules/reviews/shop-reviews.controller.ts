import {
  BadRequestException,
  Body,
  Catch,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  PayloadTooLargeException,
  Post,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { CreateReviewAnswer, ReviewablesAnswer, ReviewPhotoAnswer } from '../../common/api/reviews';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { ok } from '../../common/http/envelope';
import { RateLimit, clientIp } from '../../common/rate-limit/rate-limit.guard';
import { rateLimitRule } from '../../common/rate-limit/rate-limiter';
import { IMAGE_MSG } from '../images/image-texts';
import { cappedMemoryStorage } from '../images/upload-storage';
import { CreateReviewDto } from './dto/reviews.dto';
import { ReviewPhotos, type PhotoPart } from './review-photos.service';
import { ReviewsService } from './reviews.service';

/** Review photos: 30 uploads per member per 10 minutes (5 photos a review, a few retries). */
export const REVIEW_PHOTO_RATE_LIMIT = rateLimitRule('review-photo', 30, 600);

/** multer's refusals (a second file, a cut request, past 64 MB) in the image library's words. */
@Catch(BadRequestException, PayloadTooLargeException)
class PhotoUploadErrorFilter implements ExceptionFilter {
  catch(err: BadRequestException | PayloadTooLargeException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = err.getResponse() as { message?: unknown } | string;
    const text = String(typeof body === 'string' ? body : (body.message ?? ''));
    if (err instanceof PayloadTooLargeException) res.status(HttpStatus.PAYLOAD_TOO_LARGE).json({ success: false, message: IMAGE_MSG.tooLarge });
    else if (/too many files|unexpected.*field/i.test(text)) res.status(HttpStatus.BAD_REQUEST).json({ success: false, message: IMAGE_MSG.tooMany(1) });
    else res.status(HttpStatus.BAD_REQUEST).json({ success: false, message: IMAGE_MSG.uploadFailed });
  }
}

const PHOTO_UPLOAD = {
  storage: cappedMemoryStorage,
  defParamCharset: 'utf8',
  limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: 64 * 1024 * 1024 },
};

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
  @RateLimit(REVIEW_PHOTO_RATE_LIMIT, (req: Request) => (typeof req.user?.id === 'number' ? `u${req.user.id}` : clientIp(req)))
  @UseFilters(PhotoUploadErrorFilter)
  @UseInterceptors(FileInterceptor('file', PHOTO_UPLOAD))
  @ApiOperation({ summary: 'One review photo (multipart `file`, ≤ 8 MB): checked and re-encoded to WebP like the image library → url' })
  async photo(@CurrentUser() me: SessionUser, @UploadedFile() file: PhotoPart | undefined): Promise<ReviewPhotoAnswer> {
    return ok({ url: await this.photos.upload(me.id, file) });
  }

  @Get('reviewables')
  @ApiOperation({ summary: "Items waiting for a review (delivered or completed within 90 days, not gifts) and the member's reviews" })
  reviewables(@CurrentUser() me: SessionUser): Promise<ReviewablesAnswer> {
    return this.reviews.reviewables(me.id);
  }
}
