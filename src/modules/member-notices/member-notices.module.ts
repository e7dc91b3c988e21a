import { Module } from '@nestjs/common';
import { SmsModule } from '../../integrations/sms/sms.module';
import { PreferencesModule } from '../preferences/preferences.module';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { MemberNoticesProcessor } from './member-notices.processor';
import { MemberNotices } from './member-notices.service';

/**
 * Notices to members (issue 21 §7): points earned or expiring, the birthday gift, a tier upgrade, a
 * review's reply, a restock. Other modules import this one and call `MemberNotices.enqueue` in their
 * transaction; MemberNoticesProcessor picks the member's channel (notice-channel.ts; LINE and the
 * marketing consent through the preferences module's MemberReach) and sends the texts of
 * member-notice-texts.ts.
 */
@Module({
  imports: [UsersModule, SettingsModule, SmsModule, PreferencesModule],
  providers: [MemberNotices, MemberNoticesProcessor],
  exports: [MemberNotices],
})
export class MemberNoticesModule {}
