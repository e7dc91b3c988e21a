import { Module } from '@nestjs/common';
import { PaymentsService } from './payments.service';

/**
 * Payment attempts at the gateways (PAYUNi, LINE Pay) and their verified results. Owns
 * payment_transactions, payment_notifications. The gateways come from the global ProvidersModule.
 */
@Module({
  providers: [PaymentsService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
