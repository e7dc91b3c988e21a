import { Injectable, OnModuleInit } from '@nestjs/common';
import { DomainEvents, type DomainEventMap } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { MemberNotices } from '../member-notices/member-notices.service';
import { PointsEntry } from './entities/points-entry.entity';
import { OrdersPort } from './orders-port';
import { PointsLedger } from './points-ledger';
import { RewardsSettings } from './rewards-settings.service';
import { TierEvaluation } from './tier-evaluation.service';

/**
 * What the points ledger owes the order, registration and review events (spec 4 §4), each an
 * `inTransaction` listener: its entries commit with the change that earned them or not at all, and
 * each is idempotent by its source key.
 *
 * - order.paid (cash on delivery: at delivery): `earn:<orderId>` pending = floor(tier earn_rate % ×
 *   the goods after discounts and points, i.e. Σ line amounts = total − shipping).
 * - order.completed: the order's pending entries become available (notice 'points-earned'); the tier
 *   is evaluated (an upgrade at once).
 * - order.cancelled: the points the order spent come back (`return:<orderId>`).
 * - order.refunded: the refund's share of the goods gives back the same share of the points used
 *   (`refund-return:<refundId>`) and takes back the same share of the points earned
 *   (`reverse:<refundId>`; pending when the earn is, never below 0: what could not be taken is noted).
 *   The share is pro-rated by amount: points are spread over the lines in proportion to their amounts
 *   (priceCart), so a line's share of the points is its share of the goods, up to rounding; a full
 *   refund gives back / takes back exactly what is left. Shipping refunds touch no points.
 * - member.registered: `welcome:<userId>` (the rule's welcome points, when above 0).
 * - review.published: `review:<reviewId>` (REVIEW_POINTS, REVIEW_PHOTO_POINTS with photos).
 */
@Injectable()
export class PointsEvents implements OnModuleInit {
  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
    private readonly ledger: PointsLedger,
    private readonly settings: RewardsSettings,
    private readonly orders: OrdersPort,
    private readonly tiers: TierEvaluation,
    private readonly notices: MemberNotices,
  ) {}

  onModuleInit(): void {
    this.events.inTransaction('order.paid', (e) => this.paid(e.orderId));
    this.events.inTransaction('order.completed', (e) => this.completed(e.orderId));
    this.events.inTransaction('order.cancelled', (e) => this.cancelled(e.orderId));
    this.events.inTransaction('order.refunded', (e) => this.refunded(e));
    this.events.inTransaction('member.registered', (e) => this.registered(e.userId));
    this.events.inTransaction('review.published', (e) => this.reviewed(e));
  }

  async paid(orderId: number): Promise<void> {
    if (await this.ledger.has(`earn:${orderId}`)) return;
    const order = await this.orders.order(orderId);
    if (!order) return;
    const account = await this.ledger.lock(order.userId);
    const tiers = await this.settings.tiers();
    const tier = tiers.find((t) => t.id === account.tier_id) ?? tiers[0] ?? null;
    const amount = Math.floor(((tier?.earn_rate ?? 0) * order.goods) / 100);
    if (amount <= 0) return;
    await this.ledger.write({ userId: order.userId, kind: 'earn', amount, sourceKey: `earn:${orderId}`, orderId, pending: true, note: `${tier?.name ?? ''} ${tier?.earn_rate ?? 0}%`, expireMonths: 0 });
  }

  async completed(orderId: number): Promise<void> {
    const rules = await this.settings.rules();
    const settled = await this.ledger.settlePending(orderId, rules.expire_months);
    const order = await this.orders.order(orderId);
    if (!order) return;
    if (settled && settled.amount > 0) {
      await this.notices.enqueue('points-earned', order.userId, String(orderId), { points: settled.amount, order_no: order.merTradeNo });
    }
    await this.tiers.evaluateMember(order.userId);
  }

  async cancelled(orderId: number): Promise<void> {
    const spent = await this.ledger.find(`redeem:${orderId}`);
    if (!spent) return;
    const rules = await this.settings.rules();
    await this.ledger.write({ userId: spent.user_id, kind: 'return', amount: -spent.amount, sourceKey: `return:${orderId}`, orderId, note: '訂單取消，購物金退回', expireMonths: rules.expire_months });
  }

  async refunded(e: DomainEventMap['order.refunded']): Promise<void> {
    const order = await this.orders.order(e.orderId);
    if (!order) return;
    const rules = await this.settings.rules();
    const goodsRefunded = e.items.reduce((s, i) => s + Math.max(0, i.amount), 0);
    const share = (whole: number, already: number): number => {
      if (whole <= 0) return 0;
      if (e.full) return Math.max(0, whole - already);
      if (order.goods <= 0 || goodsRefunded <= 0) return 0;
      return Math.max(0, Math.min(whole - already, Math.floor((whole * goodsRefunded) / order.goods)));
    };
    const ofOrder = await this.tx.repo(PointsEntry).find({ where: { order_id: e.orderId } });
    const sum = (pred: (x: PointsEntry) => boolean) => ofOrder.filter(pred).reduce((s, x) => s + x.amount, 0);
    // 1. The points the order spent: this refund's share comes back (before anything is taken).
    const spent = -sum((x) => x.kind === 'redeem');
    const returned = sum((x) => x.kind === 'return');
    const back = share(spent, returned);
    if (back > 0) {
      await this.ledger.write({ userId: order.userId, kind: 'return', amount: back, sourceKey: `refund-return:${e.refundId}`, orderId: e.orderId, note: `退款退回購物金（退款 #${e.refundId}）`, expireMonths: rules.expire_months });
    }
    // 2. The points it earned: this refund's share is taken back (pending while the earn is).
    const earn = ofOrder.find((x) => x.kind === 'earn');
    if (earn && earn.amount > 0) {
      const reversed = -sum((x) => x.kind === 'reverse');
      const take = share(earn.amount, reversed);
      if (take > 0) {
        await this.ledger.write({
          userId: order.userId,
          kind: 'reverse',
          amount: -take,
          sourceKey: `reverse:${e.refundId}`,
          orderId: e.orderId,
          note: `退款扣回回饋點數（退款 #${e.refundId}）`,
          pending: earn.available_at === null,
          capAtBalance: true,
          expireMonths: rules.expire_months,
        });
      }
    }
    await this.tiers.evaluateMember(order.userId);
  }

  async registered(userId: number): Promise<void> {
    const rules = await this.settings.rules();
    if (rules.welcome_points <= 0) return;
    await this.ledger.write({ userId, kind: 'welcome', amount: rules.welcome_points, sourceKey: `welcome:${userId}`, note: '新會員禮', expireMonths: rules.expire_months });
  }

  async reviewed(e: DomainEventMap['review.published']): Promise<void> {
    const rules = await this.settings.rules();
    const amount = e.withPhotos ? rules.review_photo_points : rules.review_points;
    if (amount <= 0) return;
    await this.ledger.write({ userId: e.userId, kind: 'review', amount, sourceKey: `review:${e.reviewId}`, note: e.withPhotos ? '附照片評價回饋' : '評價回饋', expireMonths: rules.expire_months });
  }
}
