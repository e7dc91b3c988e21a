import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { IsNull, Not } from 'typeorm';
import type { AdminMemberDetailAnswer, AdminMemberNotesAnswer, MemberNoteView } from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { AuditTrail } from '../audit/audit-trail.service';
import { SessionBackend } from '../auth/session/session-backend';
import { ReviewsService } from '../reviews/reviews.service';
import { PointsService } from '../rewards/points.service';
import { MemberOrderCounts } from './admin-member-order-counts';
import { MEMBER_ADMIN_MSG } from './admin-member-detail.dto';
import { AdminMembersService } from './admin-members.service';
import { Address } from './entities/address.entity';
import { MemberNote } from './entities/member-note.entity';
import { User } from './entities/user.entity';

/** Orders shown in the detail (the rest through 訂單管理). */
export const MEMBER_DETAIL_ORDERS = 20;
/** Notes shown in the detail, newest first. */
export const MEMBER_DETAIL_NOTES = 100;

/** A service found at run time (its module imports this one, or would be circular); null when absent. */
type Lazy<T> = T | null | undefined;

/**
 * 會員管理 → one member (issue 21 §6): profile, addresses, latest orders, points, reviews count,
 * staff notes; notes and block / unblock (audited in the same transaction). Blocking sets
 * is_active 0 (so every login path and every session refuses the member: password and social logins
 * check it, the session's member is re-read on each request) with blocked_at / blocked_reason, and
 * ends the member's stored sessions.
 */
@Injectable()
export class AdminMemberDetailService {
  private readonly logger = new Logger(AdminMemberDetailService.name);
  private orders: Lazy<MemberOrderCounts>;
  private points: Lazy<PointsService>;
  private reviews: Lazy<ReviewsService>;
  private sessions: Lazy<SessionBackend>;

  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly members: AdminMembersService,
    private readonly moduleRef: ModuleRef,
  ) {}

  async detail(userId: number): Promise<AdminMemberDetailAnswer> {
    const user = await this.tx.repo(User).findOne({ where: { id: userId } });
    if (!user) throw new NotFoundError(MEMBER_ADMIN_MSG.notFound);
    const [view, addresses, orders, points, reviewsCount, notes] = await Promise.all([
      this.members.viewOf(user),
      this.tx.repo(Address).find({ where: { user_id: userId }, order: { sort_order: 'ASC', id: 'ASC' } }),
      this.ordersOf(userId),
      this.pointsOf(userId),
      this.reviewsOf(userId),
      this.notes(userId),
    ]);
    return ok({
      member: {
        ...view,
        blocked_at: user.blocked_at ? new Date(user.blocked_at).toISOString() : null,
        blocked_reason: user.blocked_reason ?? '',
        last_login_at: user.last_login_at ? new Date(user.last_login_at).toISOString() : null,
      },
      addresses: addresses.map((a) => ({
        id: a.id,
        shipping_type: a.shipping_type,
        receiver_name: user.username,
        phone: user.phone ?? '',
        address: a.store_id ? `${a.store_name}（${a.store_id}）${a.store_addr}` : `${a.zip} ${a.city}${a.district}${a.street}`.trim(),
        is_default: Number(a.is_default),
      })),
      orders: orders.rows,
      orders_total: orders.total,
      points,
      reviews_count: reviewsCount,
      notes,
    });
  }

  /** A staff note (1–500 characters), audited; answers the notes. */
  async addNote(admin: SessionAdmin, userId: number, content: string): Promise<AdminMemberNotesAnswer> {
    await this.tx.run(async () => {
      if (!(await this.tx.repo(User).exists({ where: { id: userId } }))) throw new NotFoundError(MEMBER_ADMIN_MSG.notFound);
      const id = (await this.tx.repo(MemberNote).insert({ user_id: userId, admin_id: admin.id, content })).identifiers[0].id as number;
      await this.audit.record({ admin, action: 'member.note', entity: 'member', entityId: userId, after: { note_id: id, content }, summary: '新增會員備註' });
    });
    return ok({ notes: await this.notes(userId) }, MEMBER_ADMIN_MSG.noteAdded);
  }

  /**
   * 停權 (with the reason) / 解除停權: a conditional UPDATE, audited with the reason in the same
   * transaction; a member already in that state answers the same message and writes nothing.
   * Blocking ends the member's sessions once committed.
   */
  async setBlocked(admin: SessionAdmin, userId: number, blocked: boolean, reason: string): Promise<Envelope> {
    const changed = await this.tx.run(async () => {
      const user = await this.tx.repo(User).findOne({ where: { id: userId }, select: { id: true, username: true, is_active: true, blocked_at: true, blocked_reason: true } });
      if (!user) throw new NotFoundError(MEMBER_ADMIN_MSG.notFound);
      const res = blocked
        ? await this.tx.repo(User).update({ id: userId, blocked_at: IsNull() }, { is_active: 0, blocked_at: new Date(), blocked_reason: reason })
        : await this.tx.repo(User).update({ id: userId, blocked_at: Not(IsNull()) }, { is_active: 1, blocked_at: null, blocked_reason: '' });
      if (res.affected !== 1) return false;
      await this.audit.record({
        admin,
        action: blocked ? 'member.block' : 'member.unblock',
        entity: 'member',
        entityId: userId,
        before: { is_active: Number(user.is_active), blocked_reason: user.blocked_reason ?? '' },
        after: { is_active: blocked ? 0 : 1, blocked_reason: blocked ? reason : '' },
        summary: `${blocked ? '停權' : '解除停權'}會員 #${userId}${reason ? `：${reason}` : ''}`.slice(0, 255),
      });
      return true;
    });
    if (changed && blocked) await this.endSessions(userId);
    return ok({}, blocked ? MEMBER_ADMIN_MSG.blocked : MEMBER_ADMIN_MSG.unblocked);
  }

  /** Notes newest first, each with the name of the staff member who wrote it (from its audit row). */
  private async notes(userId: number): Promise<MemberNoteView[]> {
    const [rows, trail] = await Promise.all([
      this.tx.repo(MemberNote).find({ where: { user_id: userId }, order: { id: 'DESC' }, take: MEMBER_DETAIL_NOTES }),
      this.audit.history('member', userId, 500),
    ]);
    const author = new Map<number, string>();
    for (const e of trail) {
      const noteId = e.action === 'member.note' ? Number(e.changes.note_id?.[1]) : NaN;
      if (Number.isSafeInteger(noteId)) author.set(noteId, e.admin_username);
    }
    return rows.map((n) => ({ id: n.id, content: n.content, admin_name: author.get(n.id) ?? `#${n.admin_id}`, created_at: new Date(n.created_at).toISOString() }));
  }

  private async ordersOf(userId: number): Promise<{ rows: AdminMemberDetailAnswer['orders']; total: number }> {
    this.orders = this.orders === undefined ? this.find(MemberOrderCounts) : this.orders;
    return this.orders ? this.orders.latestOfMember(userId, MEMBER_DETAIL_ORDERS) : { rows: [], total: 0 };
  }

  /** PointsService.summary (rewards); zeros while it is not there or fails (the rest of the detail still shows). */
  private async pointsOf(userId: number): Promise<AdminMemberDetailAnswer['points']> {
    this.points = this.points === undefined ? this.find(PointsService) : this.points;
    try {
      if (this.points) return await this.points.summary(userId);
    } catch (err) {
      this.logger.warn(`member #${userId}: points summary failed: ${(err as Error).message}`);
    }
    return { balance: 0, pending: 0, tier: '' };
  }

  private async reviewsOf(userId: number): Promise<number> {
    this.reviews = this.reviews === undefined ? this.find(ReviewsService) : this.reviews;
    try {
      if (this.reviews) return await this.reviews.countByUser(userId);
    } catch (err) {
      this.logger.warn(`member #${userId}: reviews count failed: ${(err as Error).message}`);
    }
    return 0;
  }

  private async endSessions(userId: number): Promise<void> {
    this.sessions = this.sessions === undefined ? this.find(SessionBackend) : this.sessions;
    try {
      const n = this.sessions ? await this.sessions.destroyUserSessions(userId) : 0;
      this.logger.log(`member #${userId} blocked: ${n} session(s) ended`);
    } catch (err) {
      // The member is inactive: each request re-reads that and drops the session anyway.
      this.logger.warn(`member #${userId} blocked: ending sessions failed: ${(err as Error).message}`);
    }
  }

  private find<T>(token: abstract new (...args: never[]) => T): T | null {
    try {
      return this.moduleRef.get(token, { strict: false });
    } catch {
      return null;
    }
  }
}
