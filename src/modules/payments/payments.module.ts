import { Module } from '@nestjs/common';

/** Payment attempts at the gateways (PAYUNi, LINE Pay) and their verified results. Owns payment_transactions, payment_notifications. */
@Module({})
export class PaymentsModule {}
