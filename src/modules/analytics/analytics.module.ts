import { Module } from '@nestjs/common';

/**
 * Analytics with consent (issue 22 §7): GA4 / Meta Pixel ids in settings, the CSP hosts they need, the purchase event once per order.
 * (Issue 22 contract stub: its owner fills it in.)
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class AnalyticsModule {}
