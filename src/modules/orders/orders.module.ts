import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SmsModule } from '../../integrations/sms/sms.module';
import { CatalogModule } from '../catalog/catalog.module';
import { PaymentsModule } from '../payments/payments.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { RewardsModule } from '../rewards/rewards.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { MemberOrderCounts } from '../users/admin-member-order-counts';
import { MemberOrderFacts } from '../../common/orders/member-order-facts';
import { OrderSoldLines } from '../../common/orders/order-sold-lines';
import { ProductOrderHistory } from '../../common/orders/product-order-history';
import { AdminOrderAlerts } from './admin-order-alerts';
import { AdminConfigController, AdminOrdersController } from './admin-orders.controller';
import { AdminOrdersService } from './admin-orders.service';
import { AdminOrderDiscountController } from './admin-order-discount.controller';
import { AdminOrderDiscountService } from './admin-order-discount.service';
import { CheckoutDefaultsService } from './checkout-defaults.service';
import { CheckoutLines } from './checkout-lines';
import { CheckoutService } from './checkout.service';
import { OrderItem } from './entities/order-item.entity';
import { OrderMessage } from './entities/order-message.entity';
import { OrderStatusCode } from './entities/order-status-code.entity';
import { Order } from './entities/order.entity';
import { PaymentStatusCode } from './entities/payment-status-code.entity';
import { OrderCancelService } from './order-cancel.service';
import { OrderHistoryService } from './order-history.service';
import { OrderMessagesProcessor } from './order-messages.processor';
import { OrderPaymentsService } from './order-payments.service';
import { OrderQueryService } from './order-query.service';
import { OrderStatsService } from './order-stats.service';
import { OrderStateService } from './order-state.service';
import { OrderCompletionProcessor, OrderCompletionService } from './order-completion.service';
import { OrderLifecycle } from './order-lifecycle.runner';
import { OrderMoves } from './order-moves.service';
import { OrderRepository } from './order.repository';
import { AdminOrderActionsController } from './admin-order-actions.controller';
import { AdminOrderActions } from './admin-order-actions.service';
import { PaymentCallbacksController } from './payment-callbacks.controller';
import { PaymentCancelCodeProcessor } from './payment-cancel-code.processor';
import { ReconciliationProcessor } from './reconciliation.processor';
import { ReconciliationService } from './reconciliation.service';
import { ShopOrdersController } from './shop-orders.controller';
import { ShopOrderPaymentsController } from './shop-order-payments.controller';
import { OrderPaymentRetryService } from './order-payment-retry.service';
import { OrderPaymentAttempts } from './order-payment-attempts';
import { ExtraPayments } from './extra-payments.service';
import { ReviewOrderLines } from './review-order-lines';

/**
 * Checkout, payment slip, my orders, cancel, payment results applied to orders, reconciliation
 * and the buyer's order messages (issue 10). Owns orders, order_items, order_messages and the
 * order / payment status codes. `OrderStateService` is the one way other modules change an order.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Order, OrderItem, OrderMessage, OrderStatusCode, PaymentStatusCode]),
    CatalogModule,
    SettingsModule,
    SmsModule,
    PaymentsModule,
    UsersModule,
    PromotionsModule,
    RewardsModule,
  ],
  controllers: [AdminOrderActionsController, ShopOrdersController, ShopOrderPaymentsController, PaymentCallbacksController, AdminOrdersController, AdminConfigController, AdminOrderDiscountController],
  providers: [
    ReviewOrderLines,
    // checkout, slip, my orders, cancel (orders)
    OrderStateService,
    // the lifecycle (order-lifecycle.ts): its runner, the moves with what follows them, the orders' repository
    OrderRepository,
    OrderLifecycle,
    OrderMoves,
    // delivered → completed after ORDER_COMPLETION_DAYS (scheduler + job)
    OrderCompletionService,
    OrderCompletionProcessor,
    // staff moves: 開始備貨, cancel an unpaid cash-on-delivery order
    AdminOrderActions,
    CheckoutService,
    CheckoutLines,
    CheckoutDefaultsService,
    OrderQueryService,
    OrderCancelService,
    // 重新付款 / 更換付款方式 of an unpaid order (issue 19 §6)
    OrderPaymentRetryService,
    OrderPaymentAttempts,
    // extra money received that must go back (issue 19 §8: after a refund, paid twice, an old amount)
    ExtraPayments,
    // buyer's messages (notify)
    OrderMessagesProcessor,
    // payment results, reconciliation (payflow)
    OrderPaymentsService,
    ReconciliationService,
    ReconciliationProcessor,
    PaymentCancelCodeProcessor,
    // back-office (issue 11)
    AdminOrdersService,
    AdminOrderDiscountService,
    AdminOrderAlerts,
    { provide: MemberOrderCounts, useExisting: AdminOrdersService },
    // the back-office dashboard's aggregates (issue 12)
    OrderStatsService,
    // the catalogue's "ever ordered" check (found at run time: the catalogue cannot import this module)
    OrderHistoryService,
    { provide: ProductOrderHistory, useExisting: OrderHistoryService },
    // the promotion quote's first-order fact (found at run time: the promotions module cannot import this one)
    { provide: MemberOrderFacts, useExisting: OrderHistoryService },
    // the catalogue's sold counts (issue 21 §6: paid units less refunded ones)
    { provide: OrderSoldLines, useExisting: OrderHistoryService },
  ],
  exports: [OrderStateService, OrderLifecycle, OrderRepository, OrderHistoryService, ProductOrderHistory, OrderStatsService, ExtraPayments, ReviewOrderLines],
})
export class OrdersModule {}
