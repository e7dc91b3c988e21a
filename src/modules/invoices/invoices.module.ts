import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { InvoiceProcessor } from './invoice.processor';

/**
 * E-invoices (Amego): the `invoice.issue` and `invoice.void` jobs. Owns invoices; reads and
 * updates orders through OrdersModule's `OrderStateService`. The gateway (`INVOICE_GATEWAY`)
 * comes from the global ProvidersModule.
 */
@Module({
  imports: [OrdersModule],
  providers: [InvoiceProcessor],
})
export class InvoicesModule {}
