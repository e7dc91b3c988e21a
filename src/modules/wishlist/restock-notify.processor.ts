import { Injectable, Logger } from '@nestjs/common';
import { Between, IsNull, Not } from 'typeorm';
import { Transactions } from '../../common/transactions/transactions';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { VariantLookup } from '../catalog/variant-lookup.service';
import { MemberNotices } from '../member-notices/member-notices.service';
import { RestockRequest } from './entities/restock-request.entity';

const BATCH = 200;

/**
 * `restock.notify` (job id `restock:<variantId>:<newest request id>`): closes each open request of
 * the variant up to that id ONCE — a conditional UPDATE (notified_at, open_key NULL) that only one
 * run can win — and, in the same transaction, enqueues the member's 'restock' notice (ref = the
 * request id, so the notice itself exists once). Safe to run twice or concurrently.
 */
@Injectable()
export class RestockNotifyProcessor {
  private readonly logger = new Logger(RestockNotifyProcessor.name);

  constructor(
    private readonly tx: Transactions,
    private readonly catalog: VariantLookup,
    private readonly notices: MemberNotices,
  ) {}

  @JobHandler(JobName.RestockNotify)
  async notify(job: JobOf<'restock.notify'>): Promise<void> {
    const { variantId } = job.data;
    const upTo = Number(/^restock[:.]\d+[:.](\d+)$/.exec(job.id)?.[1] ?? 2_147_483_647);
    const [v] = await this.catalog.byIds([variantId]);
    if (!v) {
      this.logger.warn(`restock of variant #${variantId}: the variant is gone, requests left open`);
      return;
    }
    const data = { title: v.title, productId: v.product_id, variantName: v.variant_name };
    let after = 0;
    let told = 0;
    for (;;) {
      const open = await this.tx.repo(RestockRequest).find({
        where: { variant_id: variantId, open_key: Not(IsNull()), id: Between(after + 1, upTo) },
        order: { id: 'ASC' },
        take: BATCH,
      });
      if (open.length === 0) break;
      for (const r of open) {
        const won = await this.tx.run(async () => {
          const res = await this.tx
            .repo(RestockRequest)
            .createQueryBuilder()
            .update()
            .set({ notified_at: new Date(), open_key: null })
            .where('id = :id AND open_key IS NOT NULL', { id: r.id })
            .execute();
          if (res.affected !== 1) return false;
          await this.notices.enqueue('restock', r.user_id, String(r.id), data);
          return true;
        });
        if (won) told += 1;
      }
      after = open[open.length - 1].id;
      if (open.length < BATCH) break;
    }
    this.logger.log(`restock of variant #${variantId}: ${told} request(s) notified`);
  }
}
