import { Inject, Injectable } from '@nestjs/common';
import type { NotifyChannel } from '../../common/api/preferences';
import { messageOrigin } from '../../common/messages/message-origin';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UsersService } from '../users/users.service';
import { MemberPreference } from './entities/member-preference.entity';
import { LineFriends } from './line-friends.service';
import { marketingRouteOf, orderNewsRouteOf, type ReachFacts, type ReachRoute } from './reach-route';
import { type MarketingChannel, unsubscribeKey, unsubscribeToken } from './unsubscribe-token';

export type { ReachRoute } from './reach-route';
export type { MarketingChannel } from './unsubscribe-token';

const CHANNELS: readonly NotifyChannel[] = ['line', 'sms', 'email'];

/**
 * How the shop may reach a member (issue 22), for the modules that send: order news
 * (`orderNewsRoute`), marketing (`marketingRoute`, consent only) and the unsubscribe link every
 * marketing message carries. Reads the member, their preferences and LINE friendship.
 */
@Injectable()
export class MemberReach {
  private readonly key: string;

  constructor(
    private readonly tx: Transactions,
    private readonly users: UsersService,
    private readonly friends: LineFriends,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = unsubscribeKey(config.sessionSecret);
  }

  /** The facts of a member (null when gone). */
  async facts(userId: number): Promise<ReachFacts | null> {
    const user = await this.users.findById(userId);
    if (!user) return null;
    const pref = await this.tx.repo(MemberPreference).findOne({ where: { user_id: userId } });
    const lineUserId = await this.users.identitySubject(userId, 'line');
    const friend = await this.friends.isFriend(lineUserId);
    const channel = (pref?.notify_channel ?? 'sms') as NotifyChannel;
    return {
      active: Boolean(Number(user.is_active)) && !user.blocked_at,
      email: user.email,
      phone: user.phone,
      notifyChannel: CHANNELS.includes(channel) ? channel : 'sms',
      marketingEmail: Boolean(pref && Number(pref.marketing_email)),
      marketingLine: Boolean(pref && Number(pref.marketing_line)),
      lineFriendId: friend ? lineUserId : null,
    };
  }

  /** Where a member's short order news goes (`orderEmail`: the order's e-mail, which gets the order mails). */
  async orderNewsRoute(userId: number, orderEmail?: string | null): Promise<ReachRoute | null> {
    const f = await this.facts(userId);
    return f ? orderNewsRouteOf(f, orderEmail) : null;
  }

  /** Where a marketing message may go (LINE or e-mail with consent), or null: not sent. */
  async marketingRoute(userId: number): Promise<ReachRoute | null> {
    const f = await this.facts(userId);
    return f ? marketingRouteOf(f) : null;
  }

  /** The shop page that takes the member off a list: `${origin}/unsubscribe/<token>`. */
  unsubscribeUrl(userId: number, channel: MarketingChannel): string {
    return `${messageOrigin(this.config)}/unsubscribe/${unsubscribeToken(this.key, userId, channel)}`;
  }

  /** The API URL for `List-Unsubscribe` (one-click POST, RFC 8058). */
  unsubscribeApiUrl(userId: number, channel: MarketingChannel): string {
    return `${messageOrigin(this.config)}/api/unsubscribe/${unsubscribeToken(this.key, userId, channel)}`;
  }

  /** The signing key of the unsubscribe tokens (the unsubscribe service reads them back). */
  get tokenKey(): string {
    return this.key;
  }
}
