import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { OrderItem } from './entities/order-item.entity';
import { OrderMessage } from './entities/order-message.entity';
import { OrderStatusCode } from './entities/order-status-code.entity';
import { Order } from './entities/order.entity';
import { PaymentStatusCode } from './entities/payment-status-code.entity';
import { OrderStateService } from './order-state.service';

/**
 * Checkout, payment slip, my orders, cancel, payment results applied to orders, reconciliation
 * and the buyer's order messages (issue 10). Owns orders, order_items, order_messages and the
 * order / payment status codes. `OrderStateService` is the one way other modules change an order.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem, OrderMessage, OrderStatusCode, PaymentStatusCode]), CatalogModule],
  providers: [OrderStateService],
  exports: [OrderStateService],
})
export class OrdersModule {}
