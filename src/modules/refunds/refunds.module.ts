import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvoicesModule } from '../invoices/invoices.module';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { SettingsModule } from '../settings/settings.module';
import { AdminRefundsController } from './admin-refunds.controller';
import { AdminExtraPaymentsController } from './admin-extra-payments.controller';
import { ExtraPaymentRefunds } from './extra-payment-refunds.service';
import { RefundItem } from './entities/refund-item.entity';
import { Refund } from './entities/refund.entity';
import { ReturnRequest } from './entities/return-request.entity';
import { RefundMailProcessor } from './refund-mail.processor';
import { RefundPlanner } from './refund-planner.service';
import { RefundSettleProcessor } from './refund-settle.processor';
import { Refunds } from './refunds.service';
import { Returns } from './returns.service';
import { ShopReturnsController } from './shop-returns.controller';

/**
 * Refunds of paid orders (card, LINE Pay, manual bank transfers) and members' return requests
 * (issue 11). Owns refunds and return_requests; changes orders through OrderStateService. The
 * gateways are reached through PaymentProviderRegistry (PaymentsModule), the audit trail from the global AuditModule.
 * Exports `Refunds.listForOrder` / `Returns.listForOrder` for the admin order details. Global, so
 * the orders module's admin detail can inject them without importing this module back (this one
 * imports OrdersModule for OrderStateService).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Refund, RefundItem, ReturnRequest]), OrdersModule, PaymentsModule, SettingsModule, InvoicesModule],
  controllers: [AdminRefundsController, ShopReturnsController, AdminExtraPaymentsController],
  providers: [Refunds, RefundPlanner, Returns, RefundMailProcessor, RefundSettleProcessor, ExtraPaymentRefunds],
  exports: [Refunds, Returns],
})
export class RefundsModule {}
