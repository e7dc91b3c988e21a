import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { MemberNoticesModule } from '../member-notices/member-notices.module';
import { CartReminders, CartRemindersProcessor } from './cart-reminders.service';
import { MemberCartService } from './member-cart.service';
import { ShopMemberCartController } from './shop-member-cart.controller';

/**
 * The member's server cart, the login merge and the cart reminder job (issue 22 §3): member_carts and
 * member_cart_items. Reads variants through the catalogue (VariantLookup); hears `order.created` in the
 * order's transaction (the ordered lines leave the cart); that listener and the reminder's query read
 * other modules' tables by name, read-only: orders and order_items, member_preferences (consent); reminds through MemberNotices ('cart-reminder').
 */
@Module({
  imports: [CatalogModule, MemberNoticesModule],
  controllers: [ShopMemberCartController],
  providers: [MemberCartService, CartReminders, CartRemindersProcessor],
  exports: [MemberCartService],
})
export class MemberCartModule {}
