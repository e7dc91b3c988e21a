import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { stringify } from 'csv-stringify/sync';
import { randomInt } from 'node:crypto';
import { In, MoreThan } from 'typeorm';
import type { AdminCouponCode, AdminCouponCodesAnswer, AdminGenerateCodesAnswer } from '../../common/api/promotions';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { taipeiTimestamp, taipeiToday } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { parsePromotionTime, PROMOTION_LIMITS, PROMOTION_MSG, promotionTimeText } from '../../common/validation/promotion-rules';
import { isDuplicateKey } from '../../database/db-dialect';
import { AuditTrail } from '../audit/audit-trail.service';
import { OrderStatsService } from '../orders/order-stats.service';
import { CouponCode } from './entities/coupon-code.entity';
import { Promotion } from './entities/promotion.entity';

/** Letters and digits a person cannot confuse when typing a code: no 0 O 1 I L. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Random characters after the prefix: 31^10 ≈ 8 × 10^14 codes, so a batch rarely meets a taken one. */
export const CODE_RANDOM_LENGTH = 10;
/** Rows per INSERT / per IN list. */
const CHUNK = 500;
/** Attempts of a batch that met a code taken by a concurrent batch (the unique index). */
const ATTEMPTS = 3;

/** One random code: `prefix` + CODE_RANDOM_LENGTH characters of CODE_ALPHABET (crypto random). */
export function randomCode(prefix: string): string {
  let s = prefix;
  for (let i = 0; i < CODE_RANDOM_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/**
 * Unique (one-time) codes of a promotion whose coupon_mode is `unique` (spec 4 §3, §7): batches of
 * up to 10,000, unique across every coupon code and shared code, inserted in one transaction in
 * chunks; the list with the order that used each one; the CSV (UTF-8 with BOM). Codes are not
 * cached anywhere (the quote looks each typed code up), so a batch is usable at once.
 */
@Injectable()
export class PromotionCodesService {
  private readonly logger = new Logger('PromotionCodes');
  private orderStats?: OrderStatsService;

  constructor(
    private readonly tx: Transactions,
    private readonly audit: AuditTrail,
    private readonly moduleRef: ModuleRef,
  ) {}

  async generate(admin: SessionAdmin, promotionId: number, count: number, prefix = ''): Promise<AdminGenerateCodesAnswer> {
    for (let attempt = 1; ; attempt++) {
      try {
        const created = await this.tx.run(() => this.insertBatch(admin, promotionId, count, prefix));
        return ok({ created }, PROMOTION_MSG.codesCreated(created));
      } catch (err) {
        // A concurrent batch (or a shared code saved meanwhile) took one of ours: the whole batch rolled back; draw again.
        if (!isDuplicateKey(err) || attempt >= ATTEMPTS) throw err;
        this.logger.warn(`promotion #${promotionId}: a generated code was taken meanwhile, drawing the batch again (${attempt})`);
      }
    }
  }

  /** The codes in the order they were made, with the order number that used each one. */
  async list(promotionId: number, limit: number = PROMOTION_LIMITS.pageSize, offset = 0): Promise<AdminCouponCodesAnswer> {
    await this.promotion(promotionId);
    const [rows, total] = await this.tx.repo(CouponCode).findAndCount({ where: { promotion_id: promotionId }, order: { id: 'ASC' }, take: limit, skip: offset });
    return ok({ codes: await this.views(rows), total });
  }

  /** Every code as CSV (UTF-8 with BOM, CRLF): code, used (1/0), order (its number), used_at (Taipei). */
  async csv(promotionId: number): Promise<{ filename: string; body: Buffer }> {
    await this.promotion(promotionId);
    const out: string[][] = [['code', 'used', 'order', 'used_at']];
    // Pages by id (keyset), so 10,000 codes are never one result set held twice.
    for (let after = 0; ; ) {
      const rows = await this.tx.repo(CouponCode).find({ where: { promotion_id: promotionId, id: MoreThan(after) }, order: { id: 'ASC' }, take: 2000 });
      if (rows.length === 0) break;
      for (const c of await this.views(rows)) out.push([guard(c.code), c.used ? '1' : '0', c.mer_trade_no ?? '', c.used_at ? taipeiTimestamp(parsePromotionTime(c.used_at)!) : '']);
      after = rows[rows.length - 1].id;
    }
    const body = Buffer.from(`\uFEFF${stringify(out, { record_delimiter: 'windows' })}`, 'utf8');
    return { filename: `promotion-${promotionId}-codes-${taipeiToday()}.csv`, body };
  }

  private async insertBatch(admin: SessionAdmin, promotionId: number, count: number, prefix: string): Promise<number> {
    const p = await this.promotion(promotionId);
    if (p.coupon_mode !== 'unique') throw new AppError(PROMOTION_MSG.codesNotUnique, HttpStatus.BAD_REQUEST);
    const codes = await this.freshCodes(count, prefix);
    for (let i = 0; i < codes.length; i += CHUNK) {
      await this.tx
        .repo(CouponCode)
        .createQueryBuilder()
        .insert()
        .values(codes.slice(i, i + CHUNK).map((code) => ({ promotion_id: promotionId, code })))
        .updateEntity(false)
        .execute();
    }
    await this.audit.record({
      admin,
      action: 'promotion.codes',
      entity: 'promotion',
      entityId: promotionId,
      changes: { count: [null, codes.length], ...(prefix ? { prefix: [null, prefix] } : {}) },
      summary: `產生 ${codes.length.toLocaleString('en-US')} 組折扣碼（${p.name}）`,
    });
    return codes.length;
  }

  /** `count` distinct random codes none of which is a coupon code or a shared code yet. */
  private async freshCodes(count: number, prefix: string): Promise<string[]> {
    const chosen = new Set<string>();
    while (chosen.size < count) {
      const draw = new Set<string>();
      while (draw.size < count - chosen.size) {
        const c = randomCode(prefix);
        if (!chosen.has(c)) draw.add(c);
      }
      const taken = await this.taken([...draw]);
      for (const c of draw) if (!taken.has(c)) chosen.add(c);
    }
    return [...chosen];
  }

  private async taken(codes: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < codes.length; i += CHUNK) {
      const part = codes.slice(i, i + CHUNK);
      const [unique, shared] = await Promise.all([
        this.tx.repo(CouponCode).find({ where: { code: In(part) }, select: { code: true } }),
        this.tx.repo(Promotion).find({ where: { shared_code: In(part) }, select: { shared_code: true } }),
      ]);
      for (const r of unique) out.add(r.code);
      for (const r of shared) if (r.shared_code) out.add(r.shared_code);
    }
    return out;
  }

  private async promotion(id: number): Promise<Promotion> {
    const p = await this.tx.repo(Promotion).findOne({ where: { id } });
    if (!p) throw new NotFoundError(PROMOTION_MSG.notFound);
    return p;
  }

  private async views(rows: CouponCode[]): Promise<AdminCouponCode[]> {
    const orderIds = rows.flatMap((r) => (r.used_by_order_id === null ? [] : [r.used_by_order_id]));
    const orders = orderIds.length ? await this.stats().promotionOrders(orderIds) : new Map();
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      used: r.used_by_order_id !== null,
      order_id: r.used_by_order_id,
      mer_trade_no: r.used_by_order_id === null ? null : (orders.get(r.used_by_order_id)?.merTradeNo ?? null),
      used_at: promotionTimeText(r.used_at),
    }));
  }

  /** The orders module's aggregates, found at run time (OrdersModule imports this module for the quote). */
  private stats(): OrderStatsService {
    return (this.orderStats ??= this.moduleRef.get(OrderStatsService, { strict: false }));
  }
}

/** A cell a spreadsheet would read as a formula gets a leading apostrophe (codes may start with -). */
const guard = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
