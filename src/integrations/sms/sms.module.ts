import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DevOutbox } from '../outbox/dev-outbox';
import { SMS_CONFIG, SmsConfig, smsConfigOf } from './sms-config';
import { SMS_SENDER } from './sms-sender';
import { createSmsSender } from './sms-sender.factory';

/**
 * `SMS_SENDER` (Mitake, Every8d or the log driver, by SMS_DRIVER) and its settings
 * (`SMS_CONFIG`). The log driver writes to the process's `DevOutbox` (from the global MailModule).
 * Import it where SMS are sent (the one-time-code module).
 */
@Module({
  providers: [
    { provide: SMS_CONFIG, useFactory: (c: AppConfig): SmsConfig => smsConfigOf(c), inject: [APP_CONFIG] },
    {
      provide: SMS_SENDER,
      useFactory: (sms: SmsConfig, outbox: DevOutbox, app: AppConfig) => createSmsSender(sms, outbox, app.isProduction),
      inject: [SMS_CONFIG, DevOutbox, APP_CONFIG],
    },
  ],
  exports: [SMS_CONFIG, SMS_SENDER],
})
export class SmsModule {}
