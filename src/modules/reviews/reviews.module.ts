import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LocalDiskStorage } from '../../integrations/storage/local-disk-storage';
import { MediaStorage } from '../../integrations/storage/media-storage';
import { S3Storage } from '../../integrations/storage/s3-storage';
import { MemberNoticesModule } from '../member-notices/member-notices.module';
import { OrdersModule } from '../orders/orders.module';
import { AdminReviewsController } from './admin-reviews.controller';
import { ReviewModeration } from './review-moderation.service';
import { ReviewPhotos } from './review-photos.service';
import { ReviewReads } from './review-reads.service';
import { ReviewSummaries } from './review-summaries';
import { ReviewsService } from './reviews.service';
import { ShopReviewReadsController } from './shop-review-reads.controller';
import { ShopReviewsController } from './shop-reviews.controller';

/**
 * Product reviews (spec 4 §3–§8, issue 21 §4): members write them (ReviewsService), photos through
 * the image pipeline (ReviewPhotos, on the same MediaStorage driver as the image library), public
 * reads with the summary kept in review_summaries (ReviewReads), 評價管理 (ReviewModeration). Owns
 * reviews and review_summaries; reads order lines (the orders module's ReviewOrderLines) and members' names (UsersService,
 * found at run time) without writing them. Review points: the rewards module listens to
 * `review.published`.
 */
@Module({
  imports: [MemberNoticesModule, OrdersModule],
  controllers: [ShopReviewsController, ShopReviewReadsController, AdminReviewsController],
  providers: [
    ReviewsService,
    ReviewReads,
    ReviewModeration,
    ReviewSummaries,
    ReviewPhotos,
    {
      provide: MediaStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MediaStorage =>
        config.storage.driver === 's3' ? new S3Storage(config.storage) : new LocalDiskStorage(config.mediaDir),
    },
  ],
  exports: [ReviewsService, ReviewReads],
})
export class ReviewsModule {}
