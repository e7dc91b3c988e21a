import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { OrdersModule } from '../orders/orders.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

/** The back-office dashboard: no tables of its own; reads the orders' and catalogue's stats services. */
@Module({
  imports: [OrdersModule, CatalogModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
