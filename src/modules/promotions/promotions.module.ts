import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { RewardsModule } from '../rewards/rewards.module';
import { SettingsModule } from '../settings/settings.module';
import { AdminPromotionCodesController } from './admin-promotion-codes.controller';
import { AdminPromotionsController } from './admin-promotions.controller';
import { AdminPromotionsService } from './admin-promotions.service';
import { PromotionCodesService } from './promotion-codes.service';
import { PromotionReportService } from './promotion-report.service';
import { PromotionUsesService } from './promotion-uses.service';
import { PromotionsCatalog } from './promotions-catalog.service';
import { QuoteService } from './quote.service';
import { ShopPromotionsController } from './shop-promotions.controller';
import { ShopQuoteController } from './shop-quote.controller';

/**
 * Spec 4's promotions (issue 20): the price quote (QuoteService, the pure engine under engine/),
 * the uses an order takes (PromotionUsesService), 行銷活動 in the back office, unique codes,
 * reports, the public badges, and the live promotions the quote reads (PromotionsCatalog). Owns
 * promotions, coupon_codes, promotion_uses and promotion_member_uses. Reads variants through the
 * catalogue's services; the orders module imports this one (checkout quotes with it), so the
 * orders' and refunds' figures of a report are found at run time (ModuleRef), not imported.
 */
@Module({
  imports: [CatalogModule, SettingsModule, RewardsModule],
  controllers: [AdminPromotionsController, AdminPromotionCodesController, ShopPromotionsController, ShopQuoteController],
  providers: [AdminPromotionsService, PromotionCodesService, PromotionReportService, PromotionsCatalog, QuoteService, PromotionUsesService],
  exports: [PromotionsCatalog, QuoteService, PromotionUsesService],
})
export class PromotionsModule {}
