import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { AnalyticsCsp } from './analytics-csp';
import { PurchaseEvents } from './purchase-event.service';
import { ShopAnalyticsController } from './shop-analytics.controller';

/**
 * Analytics with consent (issue 22 §7): GA4 / Meta Pixel ids are public settings (GA4_ID, META_PIXEL_ID;
 * '' = off) the shop's client reads; this module gives the CSP their hosts only while an id is set
 * (AnalyticsCsp, mounted by http-setup) and hands the purchase event out once per order
 * (orders.purchase_tracked_at).
 */
@Module({
  imports: [SettingsModule],
  controllers: [ShopAnalyticsController],
  providers: [PurchaseEvents, AnalyticsCsp],
  exports: [AnalyticsCsp],
})
export class AnalyticsModule {}
