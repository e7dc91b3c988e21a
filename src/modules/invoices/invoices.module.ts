import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { AdminInvoiceAllowancesController } from './admin-invoice-allowances.controller';
import { InvoiceAllowanceProcessor } from './invoice-allowance.processor';
import { InvoiceAllowancesService } from './invoice-allowances.service';
import { InvoiceProcessor } from './invoice.processor';
import { ShopInvoiceAllowancesController } from './shop-invoice-allowances.controller';

/**
 * E-invoices (Amego): the `invoice.issue`, `invoice.void` and `invoice.allowance` jobs, and the
 * allowances (折讓) of refunded orders — `InvoiceAllowancesService.onRefund` (exported; the refunds
 * module calls it inside the refund's transaction), the member's consent page API and the admin
 * list. Owns invoices and invoice_allowances; reads and updates orders through OrdersModule's
 * `OrderStateService`. The gateway (`INVOICE_GATEWAY`) comes from the global ProvidersModule.
 */
@Module({
  imports: [OrdersModule],
  controllers: [ShopInvoiceAllowancesController, AdminInvoiceAllowancesController],
  providers: [InvoiceProcessor, InvoiceAllowanceProcessor, InvoiceAllowancesService],
  exports: [InvoiceAllowancesService],
})
export class InvoicesModule {}
