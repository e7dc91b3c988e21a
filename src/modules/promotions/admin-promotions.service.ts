import { HttpStatus, Injectable } from '@nestjs/common';
import { Not } from 'typeorm';
import type { AdminPromotion, AdminPromotionAnswer, AdminPromotionSaveAnswer, AdminPromotionsAnswer, PromotionInput } from '../../common/api/promotions';
import type { Envelope } from '../../common/api/envelope';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { draftVariantIds, normalizeCode, normalizePromotion, PROMOTION_LIMITS, PROMOTION_MSG, promotionErrors, type PromotionDraft } from '../../common/validation/promotion-rules';
import { isDuplicateKey, lockForWrite } from '../../database/db-dialect';
import { AuditTrail } from '../audit/audit-trail.service';
import { VariantLookup } from '../catalog/variant-lookup.service';
import { NO_COUNTS, promotionColumns, promotionInputOf, toAdminPromotion, type PromotionCounts } from './admin-promotion-views';
import type { AdminPromotionsQuery } from './admin-promotions.dto';
import { CouponCode } from './entities/coupon-code.entity';
import { PromotionMemberUse } from './entities/promotion-member-use.entity';
import { PromotionUse } from './entities/promotion-use.entity';
import { Promotion } from './entities/promotion.entity';

/** LIKE with `!` as the escape character (the same on MariaDB and SQLite). */
const escapeLike = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);
type Num = string | number | null;

/** A promotion's fields as the audit trail records them (`name` is the order receiver's label there). */
function auditFields(p: PromotionInput): Record<string, unknown> {
  const { name, ...rest } = p;
  return { promotion_name: name, ...rest };
}

/**
 * 行銷活動 in the back office (spec 4 §6–§7): the list with status filters, the form's detail,
 * create / update (every rule at once: 400 請檢查表單欄位 with `errors`), enable / disable, delete
 * (refused once an order used it), duplicate. Every write is audited in its transaction and
 * publishes `promotions.changed`, so the quote and the public list drop their copies at once.
 */
@Injectable()
export class AdminPromotionsService {
  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly events: DomainEvents,
    private readonly variants: VariantLookup,
  ) {}

  /** promotion_member_uses of one promotion rebuilt from its orders that still hold it (not released). */
  private async countMemberUses(promotionId: number): Promise<void> {
    await this.tx.repo(PromotionMemberUse).delete({ promotion_id: promotionId });
    await this.tx.manager.query(
      'INSERT INTO promotion_member_uses (promotion_id, user_id, used) SELECT promotion_id, user_id, COUNT(*) FROM promotion_uses WHERE promotion_id = ? AND released_at IS NULL GROUP BY promotion_id, user_id',
      [promotionId],
    );
  }

  /**
   * Newest first; keyword = a name part, the id or the shared code; status per rule 14 at `now`.
   * Editors never see codes (spec 4 §6): no shared_code in the rows, and the keyword does not match one.
   */
  async list(q: AdminPromotionsQuery, seesCodes: boolean, now: Date = new Date()): Promise<AdminPromotionsAnswer> {
    const qb = this.tx.repo(Promotion).createQueryBuilder('p');
    if (q.keyword) {
      const id = /^\d{1,9}$/.test(q.keyword) ? Number(q.keyword) : -1;
      if (seesCodes) qb.andWhere("(p.name LIKE :kw ESCAPE '!' OR p.id = :id OR p.shared_code = :code)", { kw: `%${escapeLike(q.keyword)}%`, id, code: normalizeCode(q.keyword) });
      else qb.andWhere("(p.name LIKE :kw ESCAPE '!' OR p.id = :id)", { kw: `%${escapeLike(q.keyword)}%`, id });
    }
    const started = '(p.starts_at IS NULL OR p.starts_at <= :now)';
    if (q.status === 'disabled') qb.andWhere('p.is_active = 0');
    else if (q.status === 'upcoming') qb.andWhere('p.is_active = 1 AND p.starts_at > :now', { now });
    else if (q.status === 'ended') qb.andWhere(`p.is_active = 1 AND ${started} AND p.ends_at <= :now`, { now });
    else if (q.status === 'running') qb.andWhere(`p.is_active = 1 AND ${started} AND (p.ends_at IS NULL OR p.ends_at > :now)`, { now });
    const [rows, total] = await qb
      .orderBy('p.id', 'DESC')
      .take(q.limit ?? PROMOTION_LIMITS.pageSize)
      .skip(q.offset ?? 0)
      .getManyAndCount();
    const counts = await this.countsOf(rows.map((r) => r.id));
    return ok({ promotions: rows.map((p) => withoutCodes(toAdminPromotion(p, counts.get(p.id) ?? NO_COUNTS, now), seesCodes)), total });
  }

  async detail(id: number, seesCodes: boolean, now: Date = new Date()): Promise<AdminPromotionAnswer> {
    const p = await this.tx.repo(Promotion).findOne({ where: { id } });
    if (!p) throw new NotFoundError(PROMOTION_MSG.notFound);
    const counts = await this.countsOf([id]);
    return ok({ promotion: withoutCodes(toAdminPromotion(p, counts.get(id) ?? NO_COUNTS, now), seesCodes) });
  }

  /** Create (`id` null) or replace a promotion; every rule at once (those needing the database too). */
  async save(admin: SessionAdmin, id: number | null, body: Record<string, unknown>): Promise<AdminPromotionSaveAnswer> {
    const draft = body as PromotionDraft;
    try {
      const saved = await this.tx.run(async () => {
        const existing = id === null ? null : await lockForWrite(this.tx.repo(Promotion).createQueryBuilder('p').where('p.id = :id', { id })).getOne();
        if (id !== null && !existing) throw new NotFoundError(PROMOTION_MSG.notFound);
        await this.check(draft, id);
        const input = normalizePromotion(draft);
        // A form that leaves the switch out keeps it (the list's own switch changes it).
        if (existing && (draft.is_active === undefined || draft.is_active === null)) input.is_active = Number(existing.is_active) === 1 ? 1 : 0;
        const columns = promotionColumns(input);
        let pid: number;
        if (existing) {
          await this.tx.repo(Promotion).update({ id: existing.id }, columns);
          pid = existing.id;
          // Members' uses are counted only while a promotion has a per-member limit (the order path
          // then skips a row per order): a limit set now counts what each member's orders that still
          // hold it already used.
          if (existing.per_member_limit === null && input.per_member_limit !== null) await this.countMemberUses(pid);
        } else {
          pid = (await this.tx.repo(Promotion).insert(columns)).identifiers[0].id as number;
        }
        await this.audit.record({
          admin,
          action: existing ? 'promotion.update' : 'promotion.create',
          entity: 'promotion',
          entityId: pid,
          before: existing ? auditFields(promotionInputOf(existing)) : {},
          after: auditFields(input),
          summary: `${existing ? '更新' : '新增'}行銷活動「${input.name}」`,
        });
        await this.events.publish('promotions.changed', { promotionIds: [pid] });
        return pid;
      });
      return ok({ id: saved }, PROMOTION_MSG.saved);
    } catch (err) {
      // Two saves of the same shared code at once: the unique index decides.
      if (isDuplicateKey(err)) throw checkFields([{ field: 'shared_code', message: PROMOTION_MSG.codeTaken }]);
      throw err;
    }
  }

  /** The list's switch: 1 enables, 0 disables. */
  async setActive(admin: SessionAdmin, id: number, isActive: 0 | 1): Promise<Envelope> {
    await this.tx.run(async () => {
      const p = await this.tx.repo(Promotion).findOne({ where: { id } });
      if (!p) throw new NotFoundError(PROMOTION_MSG.notFound);
      await this.tx.repo(Promotion).update({ id }, { is_active: isActive });
      await this.audit.record({
        admin,
        action: 'promotion.set-active',
        entity: 'promotion',
        entityId: id,
        before: { is_active: Number(p.is_active) },
        after: { is_active: isActive },
        summary: `${isActive ? '啟用' : '停用'}行銷活動「${p.name}」`,
      });
      await this.events.publish('promotions.changed', { promotionIds: [id] });
    });
    return ok({}, PROMOTION_MSG.updated);
  }

  /** Deletes a promotion no order ever used (rule 15: any promotion_uses row, released or not), with its codes. */
  async remove(admin: SessionAdmin, id: number): Promise<Envelope> {
    await this.tx.run(async () => {
      const p = await lockForWrite(this.tx.repo(Promotion).createQueryBuilder('p').where('p.id = :id', { id })).getOne();
      if (!p) throw new NotFoundError(PROMOTION_MSG.notFound);
      if ((await this.tx.repo(PromotionUse).count({ where: { promotion_id: id } })) > 0) throw new AppError(PROMOTION_MSG.hasOrders, HttpStatus.CONFLICT);
      const codes = await this.tx.repo(CouponCode).count({ where: { promotion_id: id } });
      await this.tx.repo(CouponCode).delete({ promotion_id: id });
      await this.tx.repo(PromotionMemberUse).delete({ promotion_id: id });
      await this.tx.repo(Promotion).delete({ id });
      await this.audit.record({
        admin,
        action: 'promotion.delete',
        entity: 'promotion',
        entityId: id,
        before: auditFields(promotionInputOf(p)),
        summary: `刪除行銷活動「${p.name}」${codes ? `（含 ${codes.toLocaleString('en-US')} 組折扣碼）` : ''}`,
      });
      await this.events.publish('promotions.changed', { promotionIds: [id] });
    });
    return ok({}, PROMOTION_MSG.deleted);
  }

  /** A copy named「… (複製)」: not active, no codes (no shared code, no unique codes), used 0. */
  async duplicate(admin: SessionAdmin, id: number): Promise<AdminPromotionSaveAnswer> {
    const copyId = await this.tx.run(async () => {
      const p = await this.tx.repo(Promotion).findOne({ where: { id } });
      if (!p) throw new NotFoundError(PROMOTION_MSG.notFound);
      const input: PromotionInput = { ...promotionInputOf(p), name: copyName(p.name), is_active: 0, shared_code: null };
      const newId = (await this.tx.repo(Promotion).insert(promotionColumns(input))).identifiers[0].id as number;
      await this.audit.record({
        admin,
        action: 'promotion.duplicate',
        entity: 'promotion',
        entityId: newId,
        after: auditFields(input),
        summary: `複製行銷活動 #${id}「${p.name}」為「${input.name}」`,
      });
      await this.events.publish('promotions.changed', { promotionIds: [newId] });
      return newId;
    });
    return ok({ id: copyId }, PROMOTION_MSG.duplicated);
  }

  /** Every rule at once, with what only the database knows (variants exist, the shared code is free). */
  private async check(draft: PromotionDraft, selfId: number | null): Promise<void> {
    const variantIds = draftVariantIds(draft);
    const known = new Set((await this.variants.byIds(variantIds)).map((v) => v.variant_id));
    const code = draft.coupon_mode === 'shared' ? normalizeCode(draft.shared_code) : '';
    const taken = new Set<string>();
    if (code && (await this.codeTaken(code, selfId))) taken.add(code);
    const problems = promotionErrors(draft, { knownVariantIds: known, takenCodes: taken });
    if (problems.length > 0) throw checkFields(problems);
  }

  /** True when `code` is another promotion's shared code or any unique code. */
  private async codeTaken(code: string, selfId: number | null): Promise<boolean> {
    const shared = await this.tx.repo(Promotion).count({ where: selfId === null ? { shared_code: code } : { shared_code: code, id: Not(selfId) } });
    if (shared > 0) return true;
    return (await this.tx.repo(CouponCode).count({ where: { code } })) > 0;
  }

  /** Orders (uses not released) and unique codes (made / used) per promotion. */
  private async countsOf(ids: number[]): Promise<Map<number, PromotionCounts>> {
    const out = new Map<number, PromotionCounts>();
    if (ids.length === 0) return out;
    const [uses, codes] = await Promise.all([
      this.tx
        .repo(PromotionUse)
        .createQueryBuilder('u')
        .select('u.promotion_id', 'promotion_id')
        .addSelect('COUNT(*)', 'n')
        .where('u.promotion_id IN (:...ids)', { ids })
        .andWhere('u.released_at IS NULL')
        .groupBy('u.promotion_id')
        .getRawMany<{ promotion_id: Num; n: Num }>(),
      this.tx
        .repo(CouponCode)
        .createQueryBuilder('c')
        .select('c.promotion_id', 'promotion_id')
        .addSelect('COUNT(*)', 'n')
        .addSelect('SUM(CASE WHEN c.used_by_order_id IS NULL THEN 0 ELSE 1 END)', 'used')
        .where('c.promotion_id IN (:...ids)', { ids })
        .groupBy('c.promotion_id')
        .getRawMany<{ promotion_id: Num; n: Num; used: Num }>(),
    ]);
    const at = (id: number) => out.get(id) ?? out.set(id, { ...NO_COUNTS }).get(id)!;
    for (const r of uses) at(Number(r.promotion_id)).orders = Number(r.n ?? 0);
    for (const r of codes) Object.assign(at(Number(r.promotion_id)), { codes_total: Number(r.n ?? 0), codes_used: Number(r.used ?? 0) });
    return out;
  }
}

/** 400 with the banner and each field's message (spec 4 §5: all checked at once). */
function checkFields(errors: { field: string; message: string }[]): AppError {
  return new AppError(PROMOTION_MSG.checkFields, HttpStatus.BAD_REQUEST, { errors });
}

/** `name (複製)`, the name cut so the whole fits 50 characters. */
export function copyName(name: string): string {
  const room = PROMOTION_LIMITS.name - [...PROMOTION_MSG.copySuffix].length;
  return [...name].slice(0, room).join('').trimEnd() + PROMOTION_MSG.copySuffix;
}

/** An editor's view of a promotion: its shared code left out (spec 4 §6: editors read promotions, not codes). */
function withoutCodes(p: AdminPromotion, seesCodes: boolean): AdminPromotion {
  return seesCodes ? p : { ...p, shared_code: null };
}
