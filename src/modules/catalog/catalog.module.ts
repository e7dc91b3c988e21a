import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClaimsModule } from '../claims/claims.module';
import { AdminCatalogCsvController } from './admin-catalog-csv.controller';
import { AdminCatalogCsvService } from './admin-catalog-csv.service';
import { AdminCatalogController } from './admin-catalog.controller';
import { AdminCatalogService } from './admin-catalog.service';
import { CatalogCacheSubscriber } from './catalog-cache.subscriber';
import { CatalogImageUsage } from './catalog-image-usage';
import { CatalogService } from './catalog.service';
import { CatalogStatsService } from './catalog-stats.service';
import { Product } from './entities/product.entity';
import { ProductMedia } from './entities/product-media.entity';
import { ProductType } from './entities/product-type.entity';
import { ProductVariant } from './entities/product-variant.entity';
import { ProductHtmlService } from './product-html.service';
import { ProductViewsService } from './product-views.service';
import { ShopCatalogController } from './shop-catalog.controller';
import { SoldCounts } from './sold-counts.service';
import { StockRepository } from './stock.repository';
import { StockService } from './stock.service';
import { VariantLookup } from './variant-lookup.service';

@Module({
  imports: [TypeOrmModule.forFeature([Product, ProductVariant, ProductMedia, ProductType]), ClaimsModule],
  controllers: [ShopCatalogController, AdminCatalogController, AdminCatalogCsvController],
  providers: [AdminCatalogService, AdminCatalogCsvService, CatalogService, ProductViewsService, StockService, StockRepository, CatalogCacheSubscriber, ProductHtmlService, CatalogImageUsage, CatalogStatsService, VariantLookup, SoldCounts],
  exports: [CatalogService, StockService, ProductHtmlService, CatalogStatsService, VariantLookup],
})
export class CatalogModule {}
