import { Body, Controller, Get, Param, ParseIntPipe, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminReviewAnswer, AdminReviewsAnswer } from '../../common/api/reviews';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminReviewsQuery, AdminReviewUpdateDto } from './dto/reviews.dto';
import { ReviewModeration } from './review-moderation.service';

/** 評價管理 (spec 4 §6): owners and staff hide, show and reply; editors read. */
@ApiTags('admin: reviews')
@Controller('admin/reviews')
@AdminRoles('owner', 'staff')
export class AdminReviewsController {
  constructor(private readonly moderation: ReviewModeration) {}

  @Get()
  @AdminRoles('owner', 'staff', 'editor')
  @ApiOperation({ summary: 'Reviews, newest first (20 a page): status held | hidden | shown, stars, product_id, user_id, keyword (content or product title)' })
  list(@Query() q: AdminReviewsQuery): Promise<AdminReviewsAnswer> {
    return this.moderation.list(q);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Show (1, also releases a held review) or hide (0), and reply (≤ 500 characters, empty removes it; the member is told); audited' })
  update(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() dto: AdminReviewUpdateDto): Promise<AdminReviewAnswer> {
    return this.moderation.update(admin, id, dto);
  }
}
