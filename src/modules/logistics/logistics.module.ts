import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SmsModule } from '../../integrations/sms/sms.module';
import { OrdersModule } from '../orders/orders.module';
import { SettingsModule } from '../settings/settings.module';
import { AdminShippingController } from './admin-shipping.controller';
import { CvsMapController } from './cvs-map.controller';
import { CvsMapService } from './cvs-map.service';
import { LogisticsEvent } from './entities/logistics-event.entity';
import { ShippingTicket } from './entities/shipping-ticket.entity';
import { LogisticsNotifyController } from './logistics-notify.controller';
import { LogisticsStatusProcessor } from './logistics-status.processor';
import { LogisticsStatusService } from './logistics-status.service';
import { ShippingCancelProcessor } from './shipping-cancel.processor';
import { ShippingTicketProcessor } from './shipping-ticket.processor';
import { ShippingTickets } from './shipping-tickets.service';

/**
 * 7-11 store map (PAYUNi logistics, `POST /api/order/getCvsMapUrl` and its MapReturnURL), shipping
 * tickets (the `shipping.create-ticket` job at PAYUNi, 全家 / 萊爾富 by hand), logistics status
 * (PAYUNi's notify, `logistics/query`, the repeatable sync) and the at-store SMS. Owns
 * shipping_tickets, logistics_events; changes orders through OrderStateService. Global, so the
 * orders module's admin detail can inject `ShippingTickets` (listForOrder) without importing this
 * module back (this one imports OrdersModule).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ShippingTicket, LogisticsEvent]), OrdersModule, SettingsModule, SmsModule],
  controllers: [CvsMapController, AdminShippingController, LogisticsNotifyController],
  providers: [CvsMapService, ShippingTickets, ShippingTicketProcessor, ShippingCancelProcessor, LogisticsStatusService, LogisticsStatusProcessor],
  exports: [ShippingTickets],
})
export class LogisticsModule {}
