import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CART_REMINDER_MIN_DAYS } from '../../common/validation/reach-rules';
import { Transactions } from '../../common/transactions/transactions';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { lockForWrite } from '../../database/db-dialect';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobQueue } from '../../jobs/job-queue';
import { JobName, type JobOf } from '../../jobs/job-types';
import { MemberNotices } from '../member-notices/member-notices.service';
import { reminderItemsText } from './cart-lines';
import { MemberCartItem } from './entities/member-cart-item.entity';
import { MemberCart } from './entities/member-cart.entity';
import { MemberCartService } from './member-cart.service';

/** Carts one run looks at (the next run takes the rest). */
export const REMINDER_BATCH = 500;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The cart reminder (spec 4 §4 Cart reminder, issue 22 §3). Scheduled like the points jobs:
 * processes that run workers enqueue `cart.reminders` every CART_REMINDER_EVERY_MS under a
 * per-time-bucket job id, so several processes enqueue a run once.
 *
 * A run reminds each member whose cart has live lines, was last touched CART_REMINDER_HOURS ago or
 * more, who placed no order since that touch, who gave marketing consent (Email or LINE; the notice
 * processor picks the channel, adds the unsubscribe link and checks the consent again when sending),
 * and who was not reminded of this cart yet nor in the last 7 days (reminded_at null, or older than
 * both the touch and 7 days). The notice's outbox row and reminded_at are written in one transaction
 * under the cart row's lock; its id `notice:cart-reminder:<userId>:<touched_at ms>` makes a second
 * run for the same untouched cart a no-op.
 */
@Injectable()
export class CartReminders implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CartReminders');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly tx: Transactions,
    private readonly carts: MemberCartService,
    private readonly notices: MemberNotices,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly httpHost?: HttpAdapterHost,
  ) {}

  private get runsWorkers(): boolean {
    return !this.httpHost?.httpAdapter || this.config.runWorkersInWeb;
  }

  onApplicationBootstrap(): void {
    if (!this.runsWorkers) return;
    const every = this.config.cart.reminderEveryMs;
    this.timer = setInterval(() => void this.schedule(every), every);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Enqueues this time bucket's run (a no-op when another process already did). */
  async schedule(everyMs: number, now = new Date()): Promise<string | undefined> {
    const bucket = Math.floor(now.getTime() / everyMs);
    try {
      const { id } = await this.queue.add(JobName.CartReminders, {}, { jobId: `cart-reminders:${bucket}`, attempts: 1 });
      return id;
    } catch (err) {
      this.logger.warn(`could not enqueue cart reminders run ${bucket}: ${(err as Error).message}`);
      return undefined;
    }
  }

  /**
   * One run at `now`: the due carts page by page (`batch` members each, by member id, so carts that
   * can't be reminded — only delisted items left — never hide the others); answers how many were reminded.
   */
  async run(now = new Date(), batch = REMINDER_BATCH): Promise<{ reminded: number }> {
    const untouchedSince = new Date(now.getTime() - this.config.cart.reminderHours * HOUR_MS);
    const remindedBefore = new Date(now.getTime() - CART_REMINDER_MIN_DAYS * DAY_MS);
    let reminded = 0;
    let after = 0;
    for (;;) {
      const due = await this.due(untouchedSince, remindedBefore, after, batch);
      for (const userId of due) {
        try {
          if (await this.remind(userId, now, untouchedSince, remindedBefore)) reminded++;
        } catch (err) {
          this.logger.error(`cart reminder of member #${userId} failed: ${(err as Error).message}`);
        }
      }
      if (due.length < batch) break;
      after = due[due.length - 1];
    }
    return { reminded };
  }

  /** Members (ids above `after`, ascending) whose carts look due; `remind` checks again under the lock. */
  private async due(untouchedSince: Date, remindedBefore: Date, after: number, batch: number): Promise<number[]> {
    const rows = await this.tx
      .repo(MemberCart)
      .createQueryBuilder('c')
      .select('c.user_id', 'user_id')
      // Read-only looks at two other modules' tables, by name (one query instead of a call per cart):
      // the member's marketing consent (preferences) and their orders since the touch (orders).
      .innerJoin('member_preferences', 'p', 'p.user_id = c.user_id AND (p.marketing_email = 1 OR p.marketing_line = 1)')
      .where('c.touched_at IS NOT NULL AND c.touched_at <= :untouchedSince', { untouchedSince })
      .andWhere('(c.reminded_at IS NULL OR (c.reminded_at <= :remindedBefore AND c.reminded_at < c.touched_at))', { remindedBefore })
      .andWhere('c.user_id > :after', { after })
      .andWhere((qb) => `EXISTS ${qb.subQuery().select('1').from(MemberCartItem, 'i').where('i.user_id = c.user_id AND i.quantity > 0').getQuery()}`)
      .andWhere((qb) => `NOT EXISTS ${qb.subQuery().select('1').from('orders', 'o').where('o.user_id = c.user_id AND o.created_at >= c.touched_at').getQuery()}`)
      .orderBy('c.user_id', 'ASC')
      .limit(Math.max(1, batch))
      .getRawMany<{ user_id: number | string }>();
    return rows.map((r) => Number(r.user_id));
  }

  /** One member, under the cart row's lock (the conditions again: a tab may have written meanwhile). */
  private remind(userId: number, now: Date, untouchedSince: Date, remindedBefore: Date): Promise<boolean> {
    return this.tx.run(async () => {
      const cart = await lockForWrite(this.tx.repo(MemberCart).createQueryBuilder('c').where('c.user_id = :userId', { userId })).getOne();
      if (!cart?.touched_at) return false;
      const touched = new Date(cart.touched_at);
      if (touched.getTime() > untouchedSince.getTime()) return false;
      if (cart.reminded_at) {
        const last = new Date(cart.reminded_at).getTime();
        if (!(last <= remindedBefore.getTime() && last < touched.getTime())) return false;
      }
      const ordered = await this.tx.manager.createQueryBuilder().select('1').from('orders', 'o').where('o.user_id = :userId AND o.created_at >= :touched', { userId, touched }).limit(1).getRawOne();
      if (ordered) return false;
      const titles = await this.carts.liveTitles(userId);
      if (titles.length === 0) return false;
      await this.notices.enqueue('cart-reminder', userId, `${userId}:${touched.getTime()}`, { items: reminderItemsText(titles) });
      await this.tx.repo(MemberCart).update({ user_id: userId }, { reminded_at: now });
      return true;
    });
  }
}

@Injectable()
export class CartRemindersProcessor {
  constructor(private readonly reminders: CartReminders) {}

  @JobHandler(JobName.CartReminders)
  run(job: JobOf<'cart.reminders'>): Promise<unknown> {
    return this.reminders.run(new Date(), job.data.limit);
  }
}
