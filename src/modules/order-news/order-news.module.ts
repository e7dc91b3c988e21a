import { Module } from '@nestjs/common';
import { SmsModule } from '../../integrations/sms/sms.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { OrdersModule } from '../orders/orders.module';
import { PreferencesModule } from '../preferences/preferences.module';
import { SettingsModule } from '../settings/settings.module';
import { OrderNewsProcessor } from './order-news.processor';
import { OrderNews } from './order-news.service';

/**
 * Order news on the member's channel (issue 22 §2, §6): placed, paid, shipped, at the store,
 * delivered, cancelled, refunded, allowance consent — LINE (line.push, SMS fallback), SMS, or
 * nothing extra for e-mail members (the order mails). Replaces the paid SMS and the at-store SMS.
 */
@Module({
  imports: [OrdersModule, InvoicesModule, PreferencesModule, SettingsModule, SmsModule],
  providers: [OrderNews, OrderNewsProcessor],
  exports: [OrderNews],
})
export class OrderNewsModule {}
