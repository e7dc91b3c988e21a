import { Module } from '@nestjs/common';
import { PaymentProviderRegistry } from './payment-provider.registry';
import { PaymentsService } from './payments.service';

/**
 * Payment attempts at the gateways and their verified results (owns payment_transactions,
 * payment_notifications), and the payment providers by method code (PaymentProviderRegistry:
 * one adapter per gateway, src/integrations/<provider>/). The gateway clients come from the
 * global ProvidersModule.
 */
@Module({
  providers: [PaymentsService, PaymentProviderRegistry],
  exports: [PaymentsService, PaymentProviderRegistry],
})
export class PaymentsModule {}
