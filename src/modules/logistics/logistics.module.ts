import { Module } from '@nestjs/common';

/** 7-11 store map (PAYUNi logistics); later shipping tickets and status. Owns shipping_tickets, logistics_events. */
@Module({})
export class LogisticsModule {}
