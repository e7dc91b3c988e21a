import { HttpStatus, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { In, IsNull, MoreThan, Not } from 'typeorm';
import type { LogisticsStatusView, ShippingStatusAnswer } from '../../common/api/admin';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { ADMIN_MSG } from '../../common/validation/admin';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CallbackForm, PayuniCallbackError, PayuniError } from '../../integrations/payuni/payuni-gateway';
import { FINAL_SHIP_STATUSES, SHIP_STATUS_TEXT, shipStatusKind, type LgsType, type PayuniLogistics, type ShipmentStatus } from '../../integrations/payuni/payuni-logistics';
import { PAYUNI_LOGISTICS } from '../../integrations/providers/provider-tokens';
import { JobQueue } from '../../jobs/job-queue';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { parseTaipeiTimestamp } from '../payments/payment-times';
import { OrderStateService } from '../orders/order-state.service';
import { isDuplicateKey } from '../../database/db-dialect';
import { LogisticsEvent } from './entities/logistics-event.entity';
import { ShippingTicket } from './entities/shipping-ticket.entity';
import { SHIPPING_MSG } from './shipping-pages';
import { TICKET_STATUS } from './shipping-tickets.service';

/** What applying one status did. */
export type AppliedStatus = 'applied' | 'stale' | 'duplicate' | 'unknown-shipment';

/** Open shipments asked per sync run (oldest first), and how far back (days). */
const SYNC_BATCH = 200;
const SYNC_DAYS = 45;

/**
 * Logistics status of shipments (PROVIDERS.md §3): PAYUNi's status notifies, `logistics/query`
 * (staff's getShippingStatus and the repeatable `logistics.sync-status` job for open shipments),
 * each recorded once in logistics_events and applied to the ticket (newest status wins) and the
 * order: at the store → the receiver's SMS (`sms.parcel-at-store`, once per ticket); picked up /
 * delivered → order delivered (delivered_at; COD paid); returned to sender → order returned;
 * shipment cancelled → the ticket stops being the order's live one (a new ticket may be made).
 */
@Injectable()
export class LogisticsStatusService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('LogisticsStatus');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly outbox: Outbox,
    private readonly queue: JobQueue,
    @Inject(PAYUNI_LOGISTICS) private readonly payuni: PayuniLogistics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
    @Optional() private readonly httpHost?: HttpAdapterHost,
  ) {}

  private get everyMs(): number {
    const ms = this.config.logistics?.syncEveryMs;
    return typeof ms === 'number' && ms >= 100 ? ms : 600_000;
  }

  /** Processes that run jobs (the worker, or the web process with RUN_WORKERS_IN_WEB) schedule the sync. */
  onApplicationBootstrap(): void {
    const web = Boolean(this.httpHost?.httpAdapter);
    if (web && !this.config.runWorkersInWeb) return;
    this.timer = setInterval(() => void this.schedule(), this.everyMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Enqueues this time bucket's sync run (a no-op when another process already did). */
  async schedule(now = new Date()): Promise<string | undefined> {
    const bucket = Math.floor(now.getTime() / this.everyMs);
    try {
      return (await this.queue.add(JobName.LogisticsSyncStatus, { limit: SYNC_BATCH }, { jobId: `logistics-sync:${bucket}`, attempts: 1 })).id;
    } catch (err) {
      this.log.warn(`could not enqueue logistics sync ${bucket}: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** A status notify post (verified, decrypted): applied. Refused posts say why (logged). */
  async notify(form: CallbackForm): Promise<{ accepted: true; result: AppliedStatus } | { accepted: false; reason: string }> {
    let status: ShipmentStatus;
    try {
      status = this.payuni.parseStatusNotify(form);
    } catch (e) {
      if (!(e instanceof PayuniCallbackError)) throw e;
      this.log.warn(`status notify refused (${e.reason}): ${e.message}`);
      return { accepted: false, reason: e.reason };
    }
    const result = await this.apply(status, 'notify');
    if (result === 'unknown-shipment') this.log.warn(`status notify for unknown shipment ${status.shipTradeNo}`);
    return { accepted: true, result };
  }

  /**
   * `getShippingStatus`: asks PAYUNi (`logistics/query`) and applies the answer; the spec's
   * Logistics status fields with the order's status after it.
   */
  async query(shipTradeNo: string): Promise<ShippingStatusAnswer> {
    const ticket = await this.tx.repo(ShippingTicket).findOne({ where: { ship_trade_no: shipTradeNo }, order: { id: 'DESC' } });
    if (!ticket) throw new NotFoundError(SHIPPING_MSG.shipmentNotFound);
    if (ticket.lgs_type === 'MANUAL') throw new AppError(SHIPPING_MSG.manualNoStatus, HttpStatus.CONFLICT);
    let status: ShipmentStatus;
    try {
      status = await this.payuni.queryShipment({ lgsType: ticket.lgs_type as LgsType, shipTradeNo });
    } catch (e) {
      if (!(e instanceof PayuniError)) throw e;
      this.log.warn(`logistics/query ${shipTradeNo}: ${e.message}`);
      throw new AppError(ADMIN_MSG.statusQueryFailed, HttpStatus.BAD_GATEWAY, { payuniMsg: e.message });
    }
    await this.apply(status, 'query');
    const order = await this.orders.findById(ticket.order_id);
    const result: LogisticsStatusView = {
      ShipTradeNo: status.shipTradeNo,
      ShipStatus: status.shipStatus,
      ShipStatusDesc: status.shipStatusDesc || SHIP_STATUS_TEXT[status.shipStatus] || '',
      ShipStatusTime: status.shipStatusTime,
      Consignee: order?.name ?? '',
      ConsigneeMobile: order?.phone ?? '',
      LgsType: status.lgsType || ticket.lgs_type,
      StoreName: ticket.lgs_type === 'HOME' ? '' : (order?.store_name ?? ''),
      StoreID: ticket.lgs_type === 'HOME' ? '' : (order?.store_id ?? ''),
      orderStatusCode: order?.status_name ?? '',
    };
    return ok({ result });
  }

  /** One sync run: every open PAYUNi shipment (not in a final status) asked once, oldest first. */
  async sync(limit = SYNC_BATCH, now = new Date()): Promise<{ checked: number; applied: number; errors: number }> {
    const open = await this.tx.repo(ShippingTicket).find({
      where: {
        status: In([TICKET_STATUS.created, TICKET_STATUS.duplicate]),
        lgs_type: In(['C2C', 'B2C', 'HOME']),
        live_order_id: Not(IsNull()),
        ship_trade_no: Not(''),
        ship_status: Not(In([...FINAL_SHIP_STATUSES])),
        created_at: MoreThan(new Date(now.getTime() - SYNC_DAYS * 86400_000)),
      },
      order: { id: 'ASC' },
      take: Math.min(Math.max(1, limit), 1000),
    });
    const report = { checked: 0, applied: 0, errors: 0 };
    for (const t of open) {
      report.checked += 1;
      try {
        const status = await this.payuni.queryShipment({ lgsType: t.lgs_type as LgsType, shipTradeNo: t.ship_trade_no });
        if ((await this.apply(status, 'query')) === 'applied') report.applied += 1;
      } catch (e) {
        if (!(e instanceof PayuniError)) throw e;
        report.errors += 1;
        this.log.warn(`sync of ${t.ship_trade_no}: ${e.message}`);
      }
    }
    if (report.checked) this.log.log(`logistics sync: ${report.checked} checked, ${report.applied} changed, ${report.errors} error(s)`);
    return report;
  }

  /**
   * Records a status once (logistics_events) and applies it when it is the newest the ticket has
   * seen: the ticket's last status, then the order (see the class comment). One transaction.
   */
  async apply(s: ShipmentStatus, source: 'notify' | 'query'): Promise<AppliedStatus> {
    return this.tx.run(async () => {
      const ticket = await this.tx.repo(ShippingTicket).findOne({ where: { ship_trade_no: s.shipTradeNo }, order: { id: 'DESC' } });
      if (!ticket || ticket.lgs_type === 'MANUAL') return 'unknown-shipment';
      const at = parseTaipeiTimestamp(s.shipStatusTime) ?? new Date();
      const seen = await this.tx.repo(LogisticsEvent).exists({ where: { ship_trade_no: s.shipTradeNo, ship_status: s.shipStatus, ship_status_time: at } });
      if (seen) return 'duplicate';
      // The unique (ship_trade_no, ship_status, ship_status_time) settles two identical notifies at once: the second is a duplicate.
      try {
        await this.tx.repo(LogisticsEvent).insert({
          order_id: ticket.order_id,
          ship_trade_no: s.shipTradeNo.slice(0, 64),
          ship_status: s.shipStatus.slice(0, 20),
          ship_status_desc: (s.shipStatusDesc || SHIP_STATUS_TEXT[s.shipStatus] || '').slice(0, 255),
          ship_status_time: at,
          source,
          raw: s.raw as never,
        });
      } catch (e) {
        if (isDuplicateKey(e)) return 'duplicate';
        throw e;
      }
      // Newest wins: a late notify of an older step changes nothing.
      const newer = await this.tx.manager
        .createQueryBuilder()
        .update(ShippingTicket)
        .set({ ship_status: s.shipStatus.slice(0, 20), ship_status_desc: (s.shipStatusDesc || SHIP_STATUS_TEXT[s.shipStatus] || '').slice(0, 255), ship_status_time: at })
        .where('id = :id AND (ship_status_time IS NULL OR ship_status_time <= :at)', { id: ticket.id, at })
        .execute();
      if (newer.affected !== 1) return 'stale';
      switch (shipStatusKind(s.shipStatus)) {
        case 'at-store':
          // Issue 22: order news (at the store) replaces the at-store SMS; at_store_sms_at marks it told, once per ticket.
          if (ticket.lgs_type !== 'HOME') {
            const told = await this.tx.repo(ShippingTicket).update({ id: ticket.id, at_store_sms_at: IsNull() }, { at_store_sms_at: new Date() });
            if (told.affected) await this.events.publish('order.at-store', { orderId: ticket.order_id });
          }
          break;
        case 'picked-up':
          // Issue 22: order news (delivered), once — only the move itself publishes, in this transaction.
          if (await this.orders.markDelivered(ticket.order_id, at)) await this.events.publish('order.delivered', { orderId: ticket.order_id });
          break;
        case 'returned':
          await this.orders.markReturnedToSender(ticket.order_id, `包裹退回：${s.shipStatusDesc || SHIP_STATUS_TEXT[s.shipStatus] || s.shipStatus}`);
          break;
        case 'cancelled':
          await this.tx.repo(ShippingTicket).update({ id: ticket.id }, { live_order_id: null });
          break;
        default:
          break;
      }
      return 'applied';
    });
  }
}
