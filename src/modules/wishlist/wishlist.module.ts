import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { MemberNoticesModule } from '../member-notices/member-notices.module';
import { UsersModule } from '../users/users.module';
import { RestockRequest } from './entities/restock-request.entity';
import { WishlistItem } from './entities/wishlist-item.entity';
import { RestockNotifyProcessor } from './restock-notify.processor';
import { RestockService } from './restock.service';
import { ShopWishlistController } from './shop-wishlist.controller';
import { WishlistService } from './wishlist.service';

/**
 * 我的收藏 and 貨到通知我 (issue 21 §5, spec 4): wishlist_items and restock_requests. Reads prices and
 * stock from the catalogue (VariantLookup); listens to the catalogue's `stock.restocked` in its
 * transaction; tells members through MemberNotices.
 */
@Module({
  imports: [TypeOrmModule.forFeature([WishlistItem, RestockRequest]), CatalogModule, UsersModule, MemberNoticesModule],
  controllers: [ShopWishlistController],
  providers: [WishlistService, RestockService, RestockNotifyProcessor],
  exports: [],
})
export class WishlistModule {}
