import { Inject, Injectable } from '@nestjs/common';
import type { NotifyChannel } from '../../common/api/preferences';
import { messageOrigin } from '../../common/messages/message-origin';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LineFriends } from './line-friends.service';
import { marketingRouteOf, orderNewsRouteOf, type ReachFacts, type ReachRoute } from './reach-route';
import { type MarketingChannel, unsubscribeKey, unsubscribeToken } from './unsubscribe-token';

export type { ReachRoute } from './reach-route';
export type { MarketingChannel } from './unsubscribe-token';

const CHANNELS: readonly NotifyChannel[] = ['line', 'sms', 'email'];

/** A member with their preferences (absent: NULLs) and latest LINE subject, as `facts` reads them. */
interface FactsRow {
  is_active: number | string | boolean;
  blocked_at: Date | string | null;
  email: string | null;
  phone: string | null;
  notify_channel: string | null;
  marketing_email: number | string | null;
  marketing_line: number | string | null;
  line_subject: string | null;
}

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
    private readonly friends: LineFriends,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = unsubscribeKey(config.sessionSecret);
  }

  /**
   * The facts of a member (null when gone): the member, their preferences and their latest LINE
   * identity in one read (each job that sends news asks).
   */
  async facts(userId: number): Promise<ReachFacts | null> {
    const rows: FactsRow[] = await this.tx.manager.query(
      `SELECT u.is_active, u.blocked_at, u.email, u.phone, p.notify_channel, p.marketing_email, p.marketing_line,
         (SELECT i.subject FROM user_identities i WHERE i.user_id = u.id AND i.provider = 'line' ORDER BY i.id DESC LIMIT 1) AS line_subject
       FROM users u LEFT JOIN member_preferences p ON p.user_id = u.id
       WHERE u.id = ?`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    const lineUserId = row.line_subject ?? null;
    const friend = await this.friends.isFriend(lineUserId);
    const channel = (row.notify_channel ?? 'sms') as NotifyChannel;
    return {
      active: Boolean(Number(row.is_active)) && !row.blocked_at,
      email: row.email,
      phone: row.phone,
      notifyChannel: CHANNELS.includes(channel) ? channel : 'sms',
      marketingEmail: Boolean(Number(row.marketing_email ?? 0)),
      marketingLine: Boolean(Number(row.marketing_line ?? 0)),
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
