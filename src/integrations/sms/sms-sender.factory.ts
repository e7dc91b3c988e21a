import { Logger } from '@nestjs/common';
import { DevOutbox } from '../outbox/dev-outbox';
import { Every8dSmsSender } from './every8d-sms.sender';
import { LogSmsSender } from './log-sms.sender';
import { MitakeSmsSender } from './mitake-sms.sender';
import { SmsConfig } from './sms-config';
import { SmsSender } from './sms-sender';

/** The driver chosen by SMS_DRIVER: log (embedded default, dev outbox), mitake or every8d. */
export function createSmsSender(config: SmsConfig, outbox: DevOutbox, isProduction: boolean): SmsSender {
  switch (config.driver) {
    case 'mitake':
      return new MitakeSmsSender(config.mitake);
    case 'every8d':
      return new Every8dSmsSender({ ...config.every8d, subject: 'verification' });
    default:
      if (isProduction) new Logger('SMS').warn('SMS_DRIVER=log in production: codes go to the dev outbox, not to phones');
      return new LogSmsSender(outbox);
  }
}
