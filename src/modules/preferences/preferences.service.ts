import { HttpStatus, Injectable } from '@nestjs/common';
import type { MemberPreferencesView, NotifyChannel, PreferencesAnswer, UnsubscribeAnswer } from '../../common/api/preferences';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { MSG } from '../../common/validation/messages';
import { REACH_MSG } from '../../common/validation/reach-rules';
import { Transactions } from '../../common/transactions/transactions';
import { isDuplicateKey } from '../../database/db-dialect';
import { UsersService } from '../users/users.service';
import { ConsentLog, type ConsentSource } from './consent-log.service';
import { MemberPreference } from './entities/member-preference.entity';
import { LineFriends } from './line-friends.service';
import { MemberReach } from './member-reach.service';
import { type MarketingChannel, readUnsubscribeToken } from './unsubscribe-token';

export interface PreferencesChange {
  notify_channel?: NotifyChannel;
  marketing_email?: 0 | 1;
  marketing_line?: 0 | 1;
}

const flag = (v: unknown): 0 | 1 => (Number(v) ? 1 : 0);
const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/**
 * A member's choices (spec 4 §7 GET/PUT /api/member/preferences; issue 22 §1): the order-news
 * channel and the marketing opt-ins. Every change appends a consent row (when, what, from where)
 * in the same transaction. Also registration consent and the unsubscribe link.
 */
@Injectable()
export class MemberPreferencesService {
  constructor(
    private readonly tx: Transactions,
    private readonly users: UsersService,
    private readonly friends: LineFriends,
    private readonly consent: ConsentLog,
    private readonly reach: MemberReach,
  ) {}

  async view(userId: number): Promise<MemberPreferencesView> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    const pref = await this.tx.repo(MemberPreference).findOne({ where: { user_id: userId } });
    const lineUserId = await this.users.identitySubject(userId, 'line');
    return {
      notify_channel: (pref?.notify_channel as NotifyChannel | undefined) ?? 'sms',
      marketing_email: flag(pref?.marketing_email),
      marketing_line: flag(pref?.marketing_line),
      marketing_email_at: iso(pref?.marketing_email_at),
      marketing_line_at: iso(pref?.marketing_line_at),
      line_user_id: lineUserId,
      line_friend: (await this.friends.isFriend(lineUserId)) ? 1 : 0,
      has_email: Boolean(user.email?.trim()),
    };
  }

  async answer(userId: number, message?: string): Promise<PreferencesAnswer> {
    return ok({ preferences: await this.view(userId) }, message);
  }

  /** PUT /api/member/preferences: checks what changes (LINE needs a bound friend, e-mail an address), writes it and its consent rows. */
  async update(userId: number, change: PreferencesChange): Promise<PreferencesAnswer> {
    await this.tx.run(async () => {
      const now = await this.view(userId);
      const lineReady = Boolean(now.line_user_id && now.line_friend);
      if (change.notify_channel !== undefined && change.notify_channel !== now.notify_channel) {
        if (change.notify_channel === 'line' && !lineReady) throw new AppError(REACH_MSG.lineNotBound);
        if (change.notify_channel === 'email' && !now.has_email) throw new AppError(REACH_MSG.emailMissing);
      }
      if (change.marketing_line === 1 && now.marketing_line === 0 && !lineReady) throw new AppError(REACH_MSG.lineNotBound);
      if (change.marketing_email === 1 && now.marketing_email === 0 && !now.has_email) throw new AppError(REACH_MSG.emailMissing);
      await this.apply(userId, now, change, 'profile');
    });
    return this.answer(userId, REACH_MSG.preferencesSaved);
  }

  /** Registration's unticked box (issue 22 §1): marketing_consent 1 opts in to e-mail and LINE marketing, source 'register'. Call in the registration's transaction. */
  async registrationConsent(userId: number, consent: boolean): Promise<void> {
    if (!consent) return;
    await this.apply(userId, await this.view(userId), { marketing_email: 1, marketing_line: 1 }, 'register');
  }

  /** GET /api/unsubscribe/:token: which list the link takes the member off, and whether they are off it already. */
  async unsubscribePreview(token: string): Promise<UnsubscribeAnswer> {
    const { userId, channel } = this.readToken(token);
    const now = await this.tokenMemberView(userId);
    return ok({ channel, done: this.offList(now, channel) });
  }

  /** POST /api/unsubscribe/:token: takes the member off the list (idempotent; a consent row only when it changed something). */
  async unsubscribe(token: string): Promise<UnsubscribeAnswer> {
    const { userId, channel } = this.readToken(token);
    await this.tx.run(async () => {
      const now = await this.tokenMemberView(userId);
      if (this.offList(now, channel)) return;
      await this.apply(userId, now, channel === 'email' ? { marketing_email: 0 } : { marketing_line: 0 }, 'unsubscribe');
    });
    return ok({ channel, done: true }, REACH_MSG.unsubscribed);
  }

  private readToken(token: string): { userId: number; channel: MarketingChannel } {
    const read = readUnsubscribeToken(this.reach.tokenKey, token);
    if (!read) throw new AppError(REACH_MSG.unsubscribeInvalid, HttpStatus.NOT_FOUND);
    return read;
  }

  private async tokenMemberView(userId: number): Promise<MemberPreferencesView> {
    try {
      return await this.view(userId);
    } catch {
      // A deleted member: the link names no one any more.
      throw new AppError(REACH_MSG.unsubscribeInvalid, HttpStatus.NOT_FOUND);
    }
  }

  private offList(v: MemberPreferencesView, channel: MarketingChannel): boolean {
    return (channel === 'email' ? v.marketing_email : v.marketing_line) === 0;
  }

  /** Writes the changed fields (with their times) and one consent row per change. */
  private async apply(userId: number, now: MemberPreferencesView, change: PreferencesChange, source: ConsentSource): Promise<void> {
    const at = new Date();
    const set: Partial<MemberPreference> = {};
    if (change.notify_channel !== undefined && change.notify_channel !== now.notify_channel) {
      set.notify_channel = change.notify_channel;
      await this.consent.record(userId, 'notify_channel', true, source, change.notify_channel);
    }
    if (change.marketing_email !== undefined && change.marketing_email !== now.marketing_email) {
      set.marketing_email = change.marketing_email;
      set.marketing_email_at = at;
      await this.consent.record(userId, 'marketing_email', change.marketing_email === 1, source);
    }
    if (change.marketing_line !== undefined && change.marketing_line !== now.marketing_line) {
      set.marketing_line = change.marketing_line;
      set.marketing_line_at = at;
      await this.consent.record(userId, 'marketing_line', change.marketing_line === 1, source);
    }
    if (!Object.keys(set).length) return;
    const repo = this.tx.repo(MemberPreference);
    if (await repo.exists({ where: { user_id: userId } })) {
      await repo.update({ user_id: userId }, set);
      return;
    }
    try {
      await repo.insert({ user_id: userId, ...set });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await repo.update({ user_id: userId }, set);
    }
  }
}
