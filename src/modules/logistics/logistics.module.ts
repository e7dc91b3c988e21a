import { Module } from '@nestjs/common';
import { CvsMapController } from './cvs-map.controller';
import { CvsMapService } from './cvs-map.service';

/**
 * 7-11 store map (PAYUNi logistics, `POST /api/order/getCvsMapUrl` and its MapReturnURL); later
 * shipping tickets and status. Owns shipping_tickets, logistics_events.
 */
@Module({
  controllers: [CvsMapController],
  providers: [CvsMapService],
})
export class LogisticsModule {}
