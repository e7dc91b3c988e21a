import { Injectable } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { ConsentRecord } from './entities/consent-record.entity';

/** What a consent row is about: the marketing lists, the order-news channel, or the LINE friendship (follow / unfollow). */
export type ConsentPurpose = 'marketing_email' | 'marketing_line' | 'notify_channel' | 'line_friend';
/** Where it was given or withdrawn. */
export type ConsentSource = 'register' | 'profile' | 'unsubscribe' | 'line' | 'staff';

/** The consent log (個資法): rows are appended in the caller's transaction, never updated. */
@Injectable()
export class ConsentLog {
  constructor(private readonly tx: Transactions) {}

  async record(userId: number, purpose: ConsentPurpose, granted: boolean, source: ConsentSource, value = ''): Promise<void> {
    await this.tx.repo(ConsentRecord).insert({ user_id: userId, purpose, granted: granted ? 1 : 0, value: value.slice(0, 20), source });
  }
}
