import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../../integrations/mail/mail.module';
import { SmsModule } from '../../integrations/sms/sms.module';
import { AuthConfigModule } from '../auth/auth-config.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { CodeDeliveryProcessor } from './code-delivery.processor';
import { CodeHasher } from './code-hasher';
import { EmailChangeService } from './email-change.service';
import { EmailCodeService } from './email-code.service';
import { EmailCode } from './entities/email-code.entity';
import { PhoneCode } from './entities/phone-code.entity';
import { PhoneCodeService } from './phone-code.service';
import { PhoneFlowService } from './phone-flow.service';
import { SendLimits } from './send-limits';
import { ShopContactChangeController } from './shop-contact-change.controller';
import { ShopPhoneController } from './shop-phone.controller';

/**
 * One-time codes by SMS and e-mail: sending (limits, queue, drivers), checking, and the flows
 * built on them (registration / forgot-password codes, e-mail and phone change).
 */
@Module({
  imports: [TypeOrmModule.forFeature([PhoneCode, EmailCode]), AuthConfigModule, UsersModule, SettingsModule, MailModule, SmsModule],
  controllers: [ShopPhoneController, ShopContactChangeController],
  providers: [
    CodeHasher,
    SendLimits,
    PhoneCodeService,
    EmailCodeService,
    PhoneFlowService,
    EmailChangeService,
    CodeDeliveryProcessor,
  ],
  exports: [PhoneFlowService],
})
export class PhoneVerificationModule {}
