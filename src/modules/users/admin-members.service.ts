import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Brackets } from 'typeorm';
import type { AdminMemberView, AdminUsersAnswer } from '../../common/api/admin';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { MemberOrderCounts } from './admin-member-order-counts';
import { ADMIN_MEMBERS_PAGE_SIZE, AdminMembersPageDto } from './admin-members.dto';
import { User } from './entities/user.entity';

/** The columns the members list reads: never the password hash, codes or session data. */
const LISTED = ['id', 'account', 'username', 'email', 'phone', 'gender', 'birthday', 'is_active', 'blocked_at', 'created_at'] as const;

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (ESCAPE '!', the same on both dialects). */
function escapeLike(keyword: string): string {
  return keyword.replace(/[!%_]/g, (c) => `!${c}`);
}

/**
 * The back-office members list (spec 2 §7 getUsersByPage): newest first; the keyword is a whole
 * mobile number (phone or account equal), an e-mail prefix (has @), or else matched anywhere in
 * phone, name, e-mail or account. Which logins a member has is told by kind only
 * (never a social id or a hash).
 */
@Injectable()
export class AdminMembersService {
  private counts?: MemberOrderCounts | null;

  constructor(
    private readonly tx: Transactions,
    private readonly moduleRef: ModuleRef,
  ) {}

  async page(dto: AdminMembersPageDto): Promise<AdminUsersAnswer> {
    const qb = this.tx
      .repo(User)
      .createQueryBuilder('u')
      .select(LISTED.map((c) => `u.${c}`))
      // Whether each login exists, not its value.
      .addSelect('CASE WHEN u.password_hash IS NULL THEN 0 ELSE 1 END', 'has_password')
      .addSelect('CASE WHEN u.google_id IS NULL THEN 0 ELSE 1 END', 'has_google')
      .addSelect('CASE WHEN u.facebook_id IS NULL THEN 0 ELSE 1 END', 'has_facebook')
      .addSelect('CASE WHEN u.line_user_id IS NULL THEN 0 ELSE 1 END', 'has_line');
    const keyword = dto.keyword?.trim();
    if (keyword && /^09\d{8}$/.test(keyword)) {
      // A whole mobile number: the unique phone and account indexes.
      qb.where('(u.phone = :kw OR u.account = :kw)', { kw: keyword });
    } else if (keyword && keyword.includes('@')) {
      qb.where(`u.email LIKE :kw ESCAPE '!'`, { kw: `${escapeLike(keyword)}%` });
    } else if (keyword) {
      const kw = `%${escapeLike(keyword)}%`;
      qb.where(
        new Brackets((w) => {
          for (const col of ['phone', 'username', 'email', 'account']) w.orWhere(`u.${col} LIKE :kw ESCAPE '!'`, { kw });
        }),
      );
    }
    const total = await qb.clone().getCount();
    const { entities, raw } = await qb
      .orderBy('u.id', 'DESC')
      .limit(dto.limit ?? ADMIN_MEMBERS_PAGE_SIZE)
      .offset(dto.offset ?? 0)
      .getRawAndEntities<{ has_password: number | string; has_google: number | string; has_facebook: number | string; has_line: number | string }>();
    const orderCounts = await this.orderCounts(entities.map((u) => u.id));
    const users = entities.map((u, i): AdminMemberView => {
      const r = raw[i];
      const logins: AdminMemberView['logins'] = [];
      if (Number(r.has_password)) logins.push('password');
      if (Number(r.has_google)) logins.push('google');
      if (Number(r.has_facebook)) logins.push('facebook');
      if (Number(r.has_line)) logins.push('line');
      return {
        user_id: u.id,
        account: u.account,
        username: u.username,
        email: u.email ?? '',
        phone: u.phone ?? '',
        gender: u.gender,
        birthday: u.birthday ?? '',
        logins,
        is_active: u.is_active,
        blocked: u.blocked_at !== null && u.blocked_at !== undefined,
        created_at: new Date(u.created_at).toISOString(),
        order_count: orderCounts.get(u.id) ?? 0,
      };
    });
    return ok({ users, total });
  }

  /** One member as the list shows them (the member detail's head). */
  async viewOf(u: User): Promise<AdminMemberView> {
    const logins: AdminMemberView['logins'] = [];
    if (u.password_hash) logins.push('password');
    if (u.google_id) logins.push('google');
    if (u.facebook_id) logins.push('facebook');
    if (u.line_user_id) logins.push('line');
    const counts = await this.orderCounts([u.id]);
    return {
      user_id: u.id,
      account: u.account,
      username: u.username,
      email: u.email ?? '',
      phone: u.phone ?? '',
      gender: u.gender,
      birthday: u.birthday ?? '',
      logins,
      is_active: u.is_active,
      blocked: u.blocked_at !== null,
      created_at: new Date(u.created_at).toISOString(),
      order_count: counts.get(u.id) ?? 0,
    };
  }

  private async orderCounts(userIds: number[]): Promise<Map<number, number>> {
    if (this.counts === undefined) {
      try {
        this.counts = this.moduleRef.get(MemberOrderCounts, { strict: false });
      } catch {
        this.counts = null; // a process without the orders module (none today)
      }
    }
    return this.counts ? this.counts.countByUsers(userIds) : new Map();
  }
}
