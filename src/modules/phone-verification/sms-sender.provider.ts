import { Logger, Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DevOutbox } from '../../integrations/outbox/dev-outbox';
import { Every8dSmsSender } from '../../integrations/sms/every8d-sms.sender';
import { LogSmsSender } from '../../integrations/sms/log-sms.sender';
import { MitakeSmsSender } from '../../integrations/sms/mitake-sms.sender';
import { SMS_SENDER, SmsSender } from '../../integrations/sms/sms-sender';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';

/** The SMS driver chosen by SMS_DRIVER: log (embedded default, dev outbox), mitake or every8d. */
export function createSmsSender(auth: AuthConfig, app: AppConfig, outbox: DevOutbox): SmsSender {
  switch (auth.sms.driver) {
    case 'mitake':
      return new MitakeSmsSender(auth.sms.mitake);
    case 'every8d':
      return new Every8dSmsSender({ ...auth.sms.every8d, subject: 'verification' });
    default:
      if (app.isProduction) new Logger('SMS').warn('SMS_DRIVER=log in production: codes go to the dev outbox, not to phones');
      return new LogSmsSender(outbox);
  }
}

export const smsSenderProvider: Provider = {
  provide: SMS_SENDER,
  inject: [AUTH_CONFIG, APP_CONFIG, DevOutbox],
  useFactory: createSmsSender,
};
