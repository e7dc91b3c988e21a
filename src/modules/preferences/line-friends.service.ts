import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { lineMessagingOn } from '../../integrations/line-messaging/line-messaging-config';
import { Transactions } from '../../common/transactions/transactions';
import { isDuplicateKey } from '../../database/db-dialect';
import { UsersService } from '../users/users.service';
import { ConsentLog } from './consent-log.service';
import { LineFriend } from './entities/line-friend.entity';

/** Who told us about a friendship: the webhook (follow / unfollow), LINE Login's friendship_status_changed, or a push LINE could not deliver. */
export type FriendshipSource = 'webhook' | 'login' | 'push';

/**
 * line_friends: which LINE users are friends of the shop's Official Account (issue 22 §2). A change
 * of a LINE user bound to a member also appends a consent row (purpose line_friend, source 'line').
 */
@Injectable()
export class LineFriends {
  private readonly log = new Logger('LineFriends');

  private readonly on: boolean;

  constructor(
    private readonly tx: Transactions,
    private readonly users: UsersService,
    private readonly consent: ConsentLog,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.on = lineMessagingOn(config.providers, config.isProduction);
  }

  /** False for everyone while the shop has no LINE Messaging channel (lineMessagingOn). */
  async isFriend(lineUserId: string | null): Promise<boolean> {
    if (!lineUserId || !this.on) return false;
    const row = await this.tx.repo(LineFriend).findOne({ where: { line_user_id: lineUserId } });
    return Boolean(row && Number(row.friend));
  }

  /**
   * Records the friendship as of `at` (the event's time: an older, redelivered event changes nothing);
   * true when it changed. One transaction with its consent row.
   */
  async set(lineUserId: string, friend: boolean, source: FriendshipSource, at = new Date()): Promise<boolean> {
    if (!lineUserId || lineUserId.length > 64) return false;
    return this.tx.run(async () => {
      const repo = this.tx.repo(LineFriend);
      const value = friend ? 1 : 0;
      const changed = await repo
        .createQueryBuilder()
        .update(LineFriend)
        .set({ friend: value, changed_at: at })
        .where('line_user_id = :id AND friend <> :value AND (changed_at IS NULL OR changed_at <= :at)', { id: lineUserId, value, at })
        .execute();
      let didChange = changed.affected === 1;
      if (!didChange && !(await repo.exists({ where: { line_user_id: lineUserId } }))) {
        try {
          await repo.insert({ line_user_id: lineUserId, friend: value, changed_at: at });
          didChange = true;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
      if (!didChange) return false;
      const userId = await this.users.memberIdOfIdentity('line', lineUserId);
      if (userId) await this.consent.record(userId, 'line_friend', friend, 'line', source);
      this.log.log(`LINE user …${lineUserId.slice(-4)} ${friend ? 'is a friend' : 'is no longer a friend'} (${source})${userId ? `, member #${userId}` : ''}`);
      return true;
    });
  }
}
