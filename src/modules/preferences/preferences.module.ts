import { Module } from '@nestjs/common';
import { LineMessagingModule } from '../../integrations/line-messaging/line-messaging.module';
import { SmsModule } from '../../integrations/sms/sms.module';
import { UsersModule } from '../users/users.module';
import { ConsentLog } from './consent-log.service';
import { LineFriends } from './line-friends.service';
import { LinePushProcessor } from './line-push.processor';
import { LineWebhookController } from './line-webhook.controller';
import { MemberReach } from './member-reach.service';
import { MemberPreferencesService } from './preferences.service';
import { ShopPreferencesController, UnsubscribeController } from './shop-preferences.controller';

/**
 * Member preferences, consent records, the unsubscribe link and LINE friendship (issue 22 §1–§2):
 * GET/PUT /api/member/preferences, GET/POST /api/unsubscribe/:token, POST /api/line/webhook, and the
 * `line.push` processor (LINE_PUSHER from the LINE Messaging integration; SMS fallback).
 * Exports `MemberReach` (where order news and marketing may go), `LineFriends` and the
 * preferences service (registration consent).
 */
@Module({
  imports: [UsersModule, LineMessagingModule, SmsModule],
  controllers: [ShopPreferencesController, UnsubscribeController, LineWebhookController],
  providers: [ConsentLog, LineFriends, MemberReach, MemberPreferencesService, LinePushProcessor],
  exports: [MemberReach, LineFriends, MemberPreferencesService],
})
export class PreferencesModule {}
