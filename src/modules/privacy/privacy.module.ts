import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PhoneVerificationModule } from '../phone-verification/phone-verification.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { UsersModule } from '../users/users.module';
import { AdminPrivacyController } from './admin-privacy.controller';
import { PrivacyService } from './privacy.service';
import { ShopPrivacyController } from './shop-privacy.controller';

/**
 * Personal-data rights (個資法 art. 3, issue 22 §4): 下載我的資料, 刪除帳號 with anonymised orders, the
 * staff log (privacy_requests). What is held where, exported and erased: personal-data-map.ts (the one
 * place that reaches other modules' tables, by name). Passwords and sessions through the auth module,
 * the delete code through phone verification, the reviews' cache drop through ReviewsService.
 */
@Module({
  imports: [UsersModule, AuthModule, PhoneVerificationModule, ReviewsModule],
  controllers: [ShopPrivacyController, AdminPrivacyController],
  providers: [PrivacyService],
  exports: [],
})
export class PrivacyModule {}
