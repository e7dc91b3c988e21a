import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { In, IsNull, Not } from 'typeorm';
import type { RestockAnswer } from '../../common/api/wishlist';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { lockForRead } from '../../database/db-dialect';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { PRODUCT_NOT_FOUND } from '../catalog/catalog.service';
import { VariantLookup } from '../catalog/variant-lookup.service';
import { noticeChannelOf } from '../member-notices/notice-channel';
import { UsersService } from '../users/users.service';
import { RestockRequest } from './entities/restock-request.entity';
import { WISHLIST_MSG } from './wishlist-messages';

const openKey = (userId: number, variantId: number) => `${userId}:${variantId}`;

/**
 * 貨到通知我 (spec 4 §4 Restock): a member asks for a sold-out variant (stock 0 now); when its
 * stock goes from 0 to above 0 by any path (the catalogue publishes `stock.restocked` in that
 * transaction: staff edit, CSV import, a cancelled order, a refund with restock), one RestockNotify
 * job per variant is written in the same transaction; RestockNotifyProcessor closes each open
 * request once and tells the member.
 */
@Injectable()
export class RestockService implements OnModuleInit {
  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
    private readonly outbox: Outbox,
    private readonly catalog: VariantLookup,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    this.events.inTransaction('stock.restocked', (e) => this.restocked(e.variantIds));
  }

  /** Open requests of the member, by variant id. */
  async open(userId: number): Promise<RestockAnswer> {
    return ok({ variantIds: await this.openIds(userId) });
  }

  /**
   * Only for a variant on sale with stock 0 now (此商品目前有庫存 otherwise); asking twice keeps one
   * open request (restock_requests.open_key). The stock is read with a shared lock, so a restock
   * in flight is either seen (refused: in stock) or waits and then finds this request.
   */
  async ask(userId: number, variantId: number): Promise<RestockAnswer> {
    await this.tx.run(async () => {
      const [v] = await this.catalog.byIds([variantId]);
      if (!v) throw new NotFoundError(PRODUCT_NOT_FOUND, { variant_id: variantId });
      if (!v.active || !v.listed) throw new AppError(WISHLIST_MSG.unavailable, HttpStatus.CONFLICT, { variant_id: variantId });
      const stock = await this.catalog.lockedStock(variantId);
      if (stock === null) throw new NotFoundError(PRODUCT_NOT_FOUND, { variant_id: variantId });
      if (stock > 0) throw new AppError(WISHLIST_MSG.inStock, HttpStatus.CONFLICT, { variant_id: variantId, available: stock });
      const channel = noticeChannelOf(await this.users.findById(userId));
      await this.tx.manager
        .createQueryBuilder()
        .insert()
        .into(RestockRequest)
        .values({ user_id: userId, variant_id: variantId, product_id: v.product_id, channel, open_key: openKey(userId, variantId) })
        .orIgnore()
        .execute();
    });
    return ok({ variantIds: await this.openIds(userId) }, WISHLIST_MSG.restockAsked);
  }

  /** Withdraws the member's open request (nothing open: the same answer). */
  async withdraw(userId: number, variantId: number): Promise<RestockAnswer> {
    await this.tx.repo(RestockRequest).update({ open_key: openKey(userId, variantId) }, { open_key: null, cancelled_at: new Date() });
    return ok({ variantIds: await this.openIds(userId) }, WISHLIST_MSG.restockCancelled);
  }

  /**
   * In the restocking transaction: a RestockNotify job per variant with open requests, its id
   * naming the newest open request (`restock:<variantId>:<requestId>`), so a second restock before
   * the job ran adds nothing and one after new requests adds a job. A locking read: on MariaDB it
   * sees requests committed after this transaction's snapshot.
   */
  private async restocked(variantIds: number[]): Promise<void> {
    if (variantIds.length === 0) return;
    const qb = this.tx
      .repo(RestockRequest)
      .createQueryBuilder('r')
      .select('r.variant_id', 'variant_id')
      .addSelect('MAX(r.id)', 'newest')
      .where({ variant_id: In(variantIds), open_key: Not(IsNull()) })
      .groupBy('r.variant_id');
    const rows = await lockForRead(qb).getRawMany<{ variant_id: number | string; newest: number | string }>();
    for (const r of rows) {
      const variantId = Number(r.variant_id);
      await this.outbox.enqueue(JobName.RestockNotify, { variantId }, { jobId: `restock:${variantId}:${Number(r.newest)}` });
    }
  }

  private async openIds(userId: number): Promise<number[]> {
    const rows = await this.tx.repo(RestockRequest).find({ where: { user_id: userId, open_key: Not(IsNull()) }, select: { variant_id: true }, order: { id: 'ASC' } });
    return rows.map((r) => r.variant_id);
  }
}
