import { HttpStatus, Injectable } from '@nestjs/common';
import { Not, Repository } from 'typeorm';
import type { SocialProvider } from '../../common/api/account';
import { AppError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { MSG } from '../../common/validation/messages';
import { plainFind, plainFindOne } from '../../database/plain-sql';
import { isDuplicateKey } from './db-errors';
import { Address } from './entities/address.entity';
import { UserConfig } from './entities/user-config.entity';
import { UserIdentity } from './entities/user-identity.entity';
import { User } from './entities/user.entity';
import { ProfileView, toProfileView } from './profile.view';

/** Declared with the API shapes (the providers answer names them). */
export type { SocialProvider };

const PROVIDER_COLUMN: Record<SocialProvider, 'google_id' | 'facebook_id' | 'line_user_id'> = {
  google: 'google_id',
  facebook: 'facebook_id',
  line: 'line_user_id',
};

export interface SocialProfile {
  subject: string;
  email?: string | null;
  displayName?: string;
}

/**
 * The members table and its satellites (identities, config). Other modules reach members only
 * through this service. Member ids always come from the session, never from a request body.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
  ) {}

  /** Members, in the caller's transaction when there is one (e.g. checkout updating defaults). */
  private get users(): Repository<User> {
    return this.tx.repo(User);
  }

  findById(id: number): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  /** The member behind a session, if still active (passport deserialisation). */
  async findActiveId(id: number): Promise<number | null> {
    // Every request of a logged-in member (passport's deserializeUser): plain SQL (plainFind).
    const u = await plainFindOne(this.tx.manager, User, { select: ['id', 'is_active'], where: { id } });
    return u && u.is_active ? u.id : null;
  }

  findByAccount(account: string): Promise<User | null> {
    return this.users.findOne({ where: { account } });
  }

  /** True when a member (other than `exceptUserId`) logs in with this phone or has it on the profile. */
  async isPhoneTaken(phone: string, exceptUserId?: number): Promise<boolean> {
    const other = exceptUserId === undefined ? {} : { id: Not(exceptUserId) };
    const n = await this.users.count({ where: [{ account: phone, ...other }, { phone, ...other }] });
    return n > 0;
  }

  /** The member who can log in with this phone and a password (forgot-password target). */
  async findPasswordMemberByPhone(phone: string): Promise<User | null> {
    const u = await this.users.findOne({ where: { account: phone } });
    return u && u.password_hash && u.is_active ? u : null;
  }

  /** Registration (spec 1 §4): account = phone = the verified number. The member and its config in one transaction (the caller's, if any). */
  async createPasswordMember(phone: string, passwordHash: string): Promise<User> {
    try {
      return await this.tx.run(async () => {
        const users = this.tx.repo(User);
        const user = await users.save(users.create({ account: phone, phone, password_hash: passwordHash, username: '', gender: '', birthday: null }));
        await this.tx.repo(UserConfig).insert({ user_id: user.id });
        await this.events.publish('member.registered', { userId: user.id });
        return user;
      });
    } catch (err) {
      if (isDuplicateKey(err)) throw new AppError(MSG.phoneAlreadyRegistered, HttpStatus.CONFLICT);
      throw err;
    }
  }

  async setPasswordHash(userId: number, hash: string): Promise<void> {
    await this.users.update({ id: userId }, { password_hash: hash });
  }

  async touchLogin(userId: number): Promise<void> {
    await this.users.update({ id: userId }, { last_login_at: new Date() });
  }

  /**
   * The member bound to this provider + subject, created on first login. Identities are never
   * matched by e-mail: an e-mail from a provider does not prove it is the same person as a member.
   */
  async findOrCreateSocial(provider: SocialProvider, profile: SocialProfile): Promise<User> {
    const identities = this.tx.repo(UserIdentity);
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await identities.findOne({ where: { provider, subject: profile.subject } });
      if (found) {
        await identities.update(
          { id: found.id },
          { last_login_at: new Date(), email: profile.email ?? found.email, display_name: (profile.displayName ?? found.display_name).slice(0, 100) },
        );
        const user = await this.findById(found.user_id);
        if (user) return user;
      }
      try {
        return await this.tx.run(async () => {
          const column = PROVIDER_COLUMN[provider];
          const users = this.tx.repo(User);
          const user = await users.save(
            users.create({
              account: null,
              password_hash: null,
              // Subjects longer than the display column stay in user_identities only.
              [column]: profile.subject.length <= 64 ? profile.subject : null,
              username: '',
              gender: '',
              birthday: null,
            }),
          );
          await this.tx.repo(UserIdentity).insert({
            user_id: user.id,
            provider,
            subject: profile.subject,
            email: profile.email ?? null,
            display_name: (profile.displayName ?? '').slice(0, 100),
            last_login_at: new Date(),
          });
          await this.tx.repo(UserConfig).insert({ user_id: user.id });
          await this.events.publish('member.registered', { userId: user.id });
          return user;
        });
      } catch (err) {
        // Two first logins of the same identity at once: the other one created it; read it.
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw new Error(`could not create the ${provider} member`);
  }

  /** The member a social identity is bound to (issue 22: the LINE webhook finds members by LINE userId), or null. */
  async memberIdOfIdentity(provider: SocialProvider, subject: string): Promise<number | null> {
    const found = await this.tx.repo(UserIdentity).findOne({ select: { user_id: true }, where: { provider, subject } });
    return found?.user_id ?? null;
  }

  /** The subject of the member's identity at `provider` (their LINE userId …), or null when none is bound. */
  async identitySubject(userId: number, provider: SocialProvider): Promise<string | null> {
    const found = await this.tx.repo(UserIdentity).findOne({ select: { subject: true }, where: { user_id: userId, provider }, order: { id: 'DESC' } });
    return found?.subject ?? null;
  }

  /**
   * Binds a social identity to an existing member (綁定 LINE, issue 22): 'bound', 'already' (it is
   * theirs), or 'taken' (another member has it, or this member has another one at that provider).
   */
  async linkIdentity(userId: number, provider: SocialProvider, profile: SocialProfile): Promise<'bound' | 'already' | 'taken'> {
    return this.tx.run(async () => {
      const identities = this.tx.repo(UserIdentity);
      const owner = await identities.findOne({ where: { provider, subject: profile.subject } });
      if (owner) return owner.user_id === userId ? 'already' : 'taken';
      if (await identities.exists({ where: { user_id: userId, provider } })) return 'taken';
      try {
        await identities.insert({
          user_id: userId,
          provider,
          subject: profile.subject,
          email: profile.email ?? null,
          display_name: (profile.displayName ?? '').slice(0, 100),
          last_login_at: null,
        });
        if (profile.subject.length <= 64) await this.users.update({ id: userId }, { [PROVIDER_COLUMN[provider]]: profile.subject });
      } catch (err) {
        if (isDuplicateKey(err)) return 'taken';
        throw err;
      }
      return 'bound';
    });
  }

  /** Removes the member's identity at `provider` (解除綁定); the subject it had, or null when none was bound. */
  async unlinkIdentity(userId: number, provider: SocialProvider): Promise<string | null> {
    return this.tx.run(async () => {
      const identities = this.tx.repo(UserIdentity);
      const found = await identities.find({ where: { user_id: userId, provider } });
      if (!found.length) return null;
      await identities.delete({ user_id: userId, provider });
      await this.users.update({ id: userId }, { [PROVIDER_COLUMN[provider]]: null });
      return found[0].subject;
    });
  }

  async updateProfile(userId: number, fields: { username: string; gender: string; birthday: string | null }): Promise<void> {
    await this.users.update({ id: userId }, fields);
  }

  async updateEmail(userId: number, email: string): Promise<void> {
    await this.users.update({ id: userId }, { email });
  }

  /**
   * New verified phone. For members who log in with their phone, the login account follows,
   * so the old number is free for its next owner.
   */
  async updatePhone(userId: number, phone: string): Promise<void> {
    const user = await this.findById(userId);
    if (!user) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    const follows = user.account !== null && user.account === user.phone;
    try {
      await this.users.update({ id: userId }, follows ? { phone, account: phone } : { phone });
    } catch (err) {
      if (isDuplicateKey(err)) throw new AppError(MSG.phoneTakenByOther, HttpStatus.CONFLICT);
      throw err;
    }
  }

  /**
   * Checkout's remembered defaults (spec 2 §4): the fields given are written to the member's
   * config row (created when missing). Joins the caller's transaction; call it before touching
   * the address book, so a member's concurrent checkouts take turns on this row.
   */
  async updateCheckoutConfig(userId: number, fields: Partial<Omit<UserConfig, 'id' | 'user_id' | 'user' | 'updated_at'>>): Promise<void> {
    if (Object.keys(fields).length === 0) return;
    await this.tx.run(async () => {
      const repo = this.tx.repo(UserConfig);
      const res = await repo.update({ user_id: userId }, fields);
      if (!res.affected) await repo.insert({ ...fields, user_id: userId });
    });
  }

  async getProfile(userId: number): Promise<ProfileView> {
    // Three reads at once (checkout reads the profile for every order): the member, their config
    // (one row at most) and their address book; in plain SQL (plainFind).
    const m = this.tx.manager;
    const [user, config, addresses] = await Promise.all([
      plainFindOne(m, User, { where: { id: userId } }),
      plainFindOne(m, UserConfig, { where: { user_id: userId } }),
      plainFind(m, Address, { where: { user_id: userId } }),
    ]);
    if (!user) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    return toProfileView(user, addresses, config);
  }
}
