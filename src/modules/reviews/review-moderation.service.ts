import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { AdminReviewAnswer, AdminReviewsAnswer, AdminReviewView } from '../../common/api/reviews';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { charCount, REVIEW_LIMITS, REVIEW_MSG } from '../../common/validation/review-rules';
import { lockForWrite } from '../../database/db-dialect';
import { AuditTrail } from '../audit/audit-trail.service';
import { MemberNotices } from '../member-notices/member-notices.service';
import { Review } from './entities/review.entity';
import { ReviewOrderLines } from '../orders/review-order-lines';
import { ReviewSummaries } from './review-summaries';
import { adminView, isShown, statusOf } from './review-views';
import { ReviewsService } from './reviews.service';

export const ADMIN_REVIEWS_PAGE = 20;

export interface AdminReviewsFilter {
  limit?: number;
  offset?: number;
  status?: 'held' | 'hidden' | 'shown';
  stars?: number;
  product_id?: number;
  user_id?: number;
  keyword?: string;
}

export interface AdminReviewChange {
  is_visible?: 0 | 1;
  reply?: string;
}

const STATUS_LABEL = { held: '待審核', hidden: '隱藏', shown: '顯示' } as const;

/**
 * 評價管理 (spec 4 §6–§7): the list with its filters, and hide / show / release and reply. Each write
 * is one transaction: the row (locked on MariaDB), the product's summary when the review starts or
 * stops being shown, `review.published` when it is shown for the first time, the member's
 * `review-reply` notice when a new reply is saved, and the audit entry.
 */
@Injectable()
export class ReviewModeration {
  constructor(
    private readonly tx: Transactions,
    private readonly lines: ReviewOrderLines,
    private readonly summaries: ReviewSummaries,
    private readonly reviews: ReviewsService,
    private readonly notices: MemberNotices,
    private readonly audit: AuditTrail,
  ) {}

  async list(f: AdminReviewsFilter): Promise<AdminReviewsAnswer> {
    const qb = this.tx.repo(Review).createQueryBuilder('r');
    if (f.status === 'held') qb.andWhere('r.is_visible = 1 AND r.held = 1');
    else if (f.status === 'hidden') qb.andWhere('r.is_visible = 0');
    else if (f.status === 'shown') qb.andWhere('r.is_visible = 1 AND r.held = 0');
    if (f.stars) qb.andWhere('r.rating = :stars', { stars: f.stars });
    if (f.product_id) qb.andWhere('r.product_id = :productId', { productId: f.product_id });
    if (f.user_id) qb.andWhere('r.user_id = :userId', { userId: f.user_id });
    if (f.keyword) {
      const ids = await this.lines.itemIdsByTitle(f.keyword);
      const q = `%${f.keyword.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      if (ids.length) qb.andWhere(`(r.content LIKE :q ESCAPE '!' OR r.order_item_id IN (:...ids))`, { q, ids });
      else qb.andWhere(`r.content LIKE :q ESCAPE '!'`, { q });
    }
    const [rows, total] = await qb
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .skip(f.offset ?? 0)
      .take(f.limit ?? ADMIN_REVIEWS_PAGE)
      .getManyAndCount();
    return ok({ reviews: await this.views(rows), total });
  }

  async update(admin: SessionAdmin, id: number, change: AdminReviewChange): Promise<AdminReviewAnswer> {
    let reply: string | null | undefined;
    if (change.reply !== undefined) {
      const text = change.reply.trim();
      if (charCount(text) > REVIEW_LIMITS.reply) throw new AppError(REVIEW_MSG.replyLong);
      reply = text || null;
    }
    const saved = await this.tx.run(async () => {
      const r = await lockForWrite(this.tx.repo(Review).createQueryBuilder('r').where('r.id = :id', { id })).getOne();
      if (!r) throw new NotFoundError(REVIEW_MSG.notFound);
      const before = { is_visible: r.is_visible, held: r.held, reply: r.reply, status: statusOf(r) };
      const wasShown = isShown(r);
      const firstTime = r.held === 1;
      const set: Partial<Review> = {};
      if (change.is_visible === 1) Object.assign(set, { is_visible: 1, held: 0 });
      else if (change.is_visible === 0) set.is_visible = 0;
      const replyChanged = reply !== undefined && reply !== (r.reply ?? null);
      if (replyChanged) Object.assign(set, reply ? { reply, replied_at: new Date(), replied_by: admin.id } : { reply: null, replied_at: null, replied_by: null });
      if (!Object.keys(set).length) return r;
      await this.tx.repo(Review).update({ id }, set);
      const after = await this.tx.repo(Review).findOneOrFail({ where: { id } });
      const nowShown = isShown(after);
      if (!wasShown && nowShown && firstTime) await this.reviews.published(after);
      else if (!wasShown && nowShown) await this.summaries.apply(after, 1);
      else if (wasShown && !nowShown) await this.summaries.apply(after, -1);
      if (wasShown || nowShown) this.reviews.dropAfterCommit(after.product_id);
      if (replyChanged && reply) {
        const line = (await this.lines.lines([after.order_item_id])).get(after.order_item_id);
        const digest = createHash('sha1').update(reply).digest('hex').slice(0, 12);
        await this.notices.enqueue('review-reply', after.user_id, `${id}:${digest}`, {
          title: line?.title ?? '',
          reviewId: id,
          productId: after.product_id,
          reply: reply.slice(0, 200),
        });
      }
      const changes = [
        before.status !== statusOf(after) ? `${STATUS_LABEL[before.status]} → ${STATUS_LABEL[statusOf(after)]}` : '',
        replyChanged ? (reply ? '回覆' : '刪除回覆') : '',
      ].filter(Boolean);
      await this.audit.record({
        admin,
        action: 'review.update',
        entity: 'review',
        entityId: id,
        before,
        after: { is_visible: after.is_visible, held: after.held, reply: after.reply, status: statusOf(after) },
        summary: `評價 #${id}：${changes.join('、')}`,
      });
      return after;
    });
    const [view] = await this.views([saved]);
    return ok({ review: view }, REVIEW_MSG.updated);
  }

  private async views(rows: Review[]): Promise<AdminReviewView[]> {
    const [lines, names] = await Promise.all([this.lines.lines(rows.map((r) => r.order_item_id)), this.reviews.usernames(rows.map((r) => r.user_id))]);
    return rows.map((r) => adminView(r, lines.get(r.order_item_id), names.get(r.user_id) ?? ''));
  }
}
