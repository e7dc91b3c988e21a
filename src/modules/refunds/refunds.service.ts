import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { RefundView } from '../../common/api/admin';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { DEFAULT_STAFF_REFUND_LIMIT, REFUND_MSG, refundOverMessage } from '../../common/validation/admin';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { AuditTrail } from '../audit/audit-trail.service';
import { InvoiceAllowancesService } from '../invoices/invoice-allowances.service';
import { moveRefusal, type Actor } from '../orders/order-lifecycle';
import { OrderLifecycle } from '../orders/order-lifecycle.runner';
import { ORDER_STATUS, OrderStateService, PAYMENT_STATUS } from '../orders/order-state.service';
import { paymentOrderOf } from '../orders/payment-order';
import type { RefundMethod, RefundResult } from '../payments/payment-provider';
import { PaymentProviderRegistry } from '../payments/payment-provider.registry';
import { SettingsService } from '../settings/settings.service';
import type { OrderRow } from './refund-mail';
import { Refund } from './entities/refund.entity';
import { RefundFieldError } from './refund-lines';
import { ShippingTickets } from '../logistics/shipping-tickets.service';
import { RefundPlanner } from './refund-planner.service';
import { toRefundView } from './refund-views';

/** refunds.method values (payment-provider.ts). */
export type { RefundMethod };
/** refunds.status values. */
export const REFUND_STATUS = { pending: 'pending', done: 'done', failed: 'failed', manual: 'manual' } as const;

/** The settings row (NT$) an owner sets; staff may refund an order up to it in total. */
export const STAFF_REFUND_LIMIT_KEY = 'STAFF_REFUND_LIMIT';
/** Without an Idempotency-Key, the same admin's same refund of an order within this window is the same refund (a double click). */
export const REFUND_DEDUPE_MS = 30_000;

export interface RefundInput {
  orderId: number;
  /** NT$, the refund's total, spread over the lines; absent (and no items) = everything not refunded yet. */
  amount?: number;
  /** Lines and units (refunds by line). */
  items?: { order_item_id: number; quantity: number }[];
  /** The shipping fee goes back too (absent: an amount fills the lines first, then shipping). */
  shipping?: boolean;
  reason: string;
  restock: boolean;
  bank?: { bank_code: string; account: string; name: string };
  /** The client's Idempotency-Key: the same key answers the same refund. */
  key?: string;
}

export interface RefundOutcome {
  refund: RefundView;
  /** false: the gateway refused (the row is `failed`). */
  ok: boolean;
  message: string;
}

/** What the gateway step decided. */
type GatewayResult = RefundResult;

/**
 * Refunds of paid orders (back office): a card through PAYUNi (`trade/close` CloseType 2 once
 * captured; `trade/cancel` before capture for the whole amount; capture then refund for a part
 * before capture), LINE Pay through its refund API, ATM / CVS / cash on delivery recorded as a
 * bank transfer staff make by hand. Owns `refunds`; changes orders only through OrderStateService.
 *
 * One refund of an order at a time: the order row is locked while a refund is decided, and an
 * order with a refund still `pending` at a gateway refuses another until it is resolved — so the
 * gateway's own refunded total can always tell whether a call whose answer was lost went through.
 * `orders.refunded_amount` (a conditional add) never exceeds the total.
 */
@Injectable()
export class Refunds {
  private readonly logger = new Logger(Refunds.name);

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly outbox: Outbox,
    private readonly settings: SettingsService,
    private readonly audit: AuditTrail,
    private readonly planner: RefundPlanner,
    private readonly tickets: ShippingTickets,
    private readonly lifecycle: OrderLifecycle,
    private readonly allowances: InvoiceAllowancesService,
    private readonly providers: PaymentProviderRegistry,
    private readonly events: DomainEvents,
  ) {}

  /** An order's refunds, oldest first (admin order details). */
  async listForOrder(orderId: number): Promise<RefundView[]> {
    const rows = await this.tx.repo(Refund).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    return Promise.all(rows.map((r) => this.viewOf(r)));
  }

  /**
   * The shipping fee refunded per order (refunds applied to the order: done, or owed by hand), for
   * reports that count goods only (a promotion's revenue). Orders without one are left out.
   */
  async shippingRefunded(orderIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    const ids = [...new Set(orderIds)];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await this.tx
        .repo(Refund)
        .createQueryBuilder('r')
        .select('r.order_id', 'order_id')
        .addSelect('SUM(r.shipping_amount)', 'shipping')
        .where('r.order_id IN (:...ids)', { ids: ids.slice(i, i + 1000) })
        .andWhere('r.status IN (:...applied)', { applied: [REFUND_STATUS.done, REFUND_STATUS.manual] })
        .groupBy('r.order_id')
        .getRawMany<{ order_id: number | string; shipping: number | string | null }>();
      for (const r of rows) out.set(Number(r.order_id), Number(r.shipping ?? 0));
    }
    return out;
  }

  /** The refund row's move in the order's history (order_transitions, machine 'refund'): 退款 #id NT$ n — why. */
  private history(row: Refund, from: string, to: string, actor: Actor, why: string): Promise<void> {
    return this.lifecycle.record(row.order_id, [{ machine: 'refund', from, to }], actor, `退款 #${row.id} NT$ ${row.amount.toLocaleString('en-US')}${why ? `：${why}` : ''}`);
  }

  /** A refund as staff see it, with its lines. */
  private async viewOf(r: Refund): Promise<RefundView> {
    return toRefundView(r, await this.planner.itemsOf(r.id));
  }

  /** The staff refund limit (NT$): settings `STAFF_REFUND_LIMIT`, else DEFAULT_STAFF_REFUND_LIMIT. */
  async staffLimit(): Promise<number> {
    const raw = (await this.settings.get(STAFF_REFUND_LIMIT_KEY, '')).trim();
    const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    return Number.isSafeInteger(n) ? n : DEFAULT_STAFF_REFUND_LIMIT;
  }

  /** `POST /api/admin/refundBankAccount`: a manual refund's full account for the transfer; every look is audited. */
  async revealBank(admin: SessionAdmin, refundId: number): Promise<{ bank_code: string; account: string; name: string }> {
    return this.tx.run(async () => {
      const row = await this.tx.repo(Refund).findOne({ where: { id: refundId } });
      if (!row) throw new NotFoundError(REFUND_MSG.refundNotFound);
      if (!row.bank_account) throw new AppError(REFUND_MSG.notManual, HttpStatus.CONFLICT);
      await this.audit.record({
        admin,
        action: 'order.refund-view-account',
        entity: 'order',
        entityId: row.order_id,
        changes: { refund_id: [row.id, row.id] },
        summary: `查看退款 #${row.id} 的銀行帳號`,
      });
      return { bank_code: row.bank_code, account: row.bank_account, name: row.bank_name };
    });
  }

  /** `POST /api/admin/completeManualRefund`: staff made the bank transfer of a `manual` refund → `done` (once; audited). */
  async completeManual(admin: SessionAdmin, refundId: number): Promise<RefundView> {
    return this.tx.run(async () => {
      const row = await this.tx.repo(Refund).findOne({ where: { id: refundId } });
      if (!row) throw new NotFoundError(REFUND_MSG.refundNotFound);
      const res = await this.tx.repo(Refund).update({ id: refundId, status: REFUND_STATUS.manual }, { status: REFUND_STATUS.done, done_at: new Date() });
      if (res.affected !== 1) throw new AppError(REFUND_MSG.notManual, HttpStatus.CONFLICT);
      await this.history(row, REFUND_STATUS.manual, REFUND_STATUS.done, staffActor(admin), '已轉帳');
      await this.audit.record({
        admin,
        action: 'order.refund-transferred',
        entity: 'order',
        entityId: row.order_id,
        changes: { refund_id: [row.id, row.id], refund_status: [REFUND_STATUS.manual, REFUND_STATUS.done] },
        summary: `已轉帳退款 NT$ ${row.amount.toLocaleString('en-US')}`,
      });
      return this.viewOf((await this.tx.repo(Refund).findOne({ where: { id: refundId } }))!);
    });
  }

  /** `POST /api/admin/updateRefundSettings` (owner): the staff refund limit, audited. */
  async setStaffLimit(admin: SessionAdmin, limit: number): Promise<number> {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new AppError(REFUND_MSG.limitInvalid, HttpStatus.BAD_REQUEST);
    const before = await this.staffLimit();
    await this.settings.setPrivate(STAFF_REFUND_LIMIT_KEY, '客服人員退款上限（NT$）', String(limit));
    await this.tx.run(() =>
      this.audit.record({
        admin,
        action: 'settings.staff-refund-limit',
        entity: 'setting',
        entityId: STAFF_REFUND_LIMIT_KEY,
        before: { staffRefundLimit: before },
        after: { staffRefundLimit: limit },
        summary: `客服人員退款上限 NT$ ${limit.toLocaleString('en-US')}`,
      }),
    );
    return limit;
  }

  /**
   * `POST /api/admin/refundOrder`. Calls a gateway: never inside a transaction. Throws AppError
   * for refusals (404 unknown order, 409 not paid / nothing left / over the rest / a refund in
   * progress, 403 over the staff limit, 400 bank details missing).
   */
  async refundOrder(admin: SessionAdmin, input: RefundInput): Promise<RefundOutcome> {
    if (this.tx.active) throw new Error('Refunds.refundOrder() calls a gateway: call it outside a transaction');
    const first = await this.orders.findById(input.orderId);
    if (!first) throw new NotFoundError(REFUND_MSG.orderNotFound);
    // Who gives the money back: a gateway (card, LINE Pay) or staff by bank transfer (ATM, CVS, cash on delivery).
    if (!this.providers.has(first.payment)) throw new AppError(REFUND_MSG.notPaid, HttpStatus.CONFLICT);
    const refunder = this.providers.refundsFor(first.payment);
    const manual = refunder.manual ? refunder.method : undefined;
    if (manual && !input.bank) throw new AppError(REFUND_MSG.bankRequired, HttpStatus.BAD_REQUEST);

    // An earlier refund whose gateway answer was lost is settled first (it may have gone through).
    await this.resolvePending(first);

    const limit = admin.role === 'owner' ? Infinity : await this.staffLimit();
    const decided = await this.tx.run(async () => {
      const order = await this.orders.lockForRefund(input.orderId);
      if (!order) throw new NotFoundError(REFUND_MSG.orderNotFound);
      const earlier = await this.tx.repo(Refund).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
      const replay = this.replayOf(earlier, admin, input);
      if (replay && replay.status !== REFUND_STATUS.failed) return { replay };
      // A failed attempt moved no money: the same key may try again (the old row keeps its history under another key).
      if (replay) await this.tx.repo(Refund).update({ id: replay.id }, { refund_key: `failed-${replay.id}` });

      if (order.payment_status === PAYMENT_STATUS.refunded) throw new AppError(REFUND_MSG.alreadyRefunded, HttpStatus.CONFLICT);
      // Money can go back only from a paid order: the lifecycle's refundFull guard (a part changes no state, the same guard holds).
      if (moveRefusal('refundFull', order, staffActor(admin)) === 'state') throw new AppError(REFUND_MSG.notPaid, HttpStatus.CONFLICT);
      if (earlier.some((r) => r.status === REFUND_STATUS.pending)) throw new AppError(REFUND_MSG.refundInProgress, HttpStatus.CONFLICT);
      const left = order.total_amount - order.refunded_amount;
      if (left <= 0) throw new AppError(REFUND_MSG.alreadyRefunded, HttpStatus.CONFLICT);
      // By line: named units, or an amount spread over the lines (refund-lines.ts); refused on the field.
      const { plan, lines } = await this.planner.plan(order.id, order.shipping_fee, { amount: input.amount, items: input.items, shipping: input.shipping }).catch((e: unknown) => {
        throw e instanceof RefundFieldError ? fieldError(e) : e;
      });
      const amount = plan.amount;
      if (amount > left) throw fieldError(new RefundFieldError('amount', refundOverMessage(left), { refundable: left }));
      if (order.refunded_amount + amount > limit) throw new AppError(REFUND_MSG.overStaffLimit, HttpStatus.FORBIDDEN, { limit });

      // Each unit goes back to stock once, and never for an order whose cancel already released it.
      const restock = input.restock && order.status_name !== ORDER_STATUS.cancelled && (await this.planner.restocksAny(order.id, lines, plan));
      const whole = amount === order.total_amount;
      const invoiceAction = order.invoice_status === 'void' ? 'none' : whole ? 'void' : 'allowance';
      const row = await this.tx.repo(Refund).save(
        this.tx.repo(Refund).create({
          order_id: order.id,
          refund_key: input.key ?? `auto-${requestPrint(input)}-${randomBytes(8).toString('hex')}`,
          amount,
          shipping_amount: plan.shipping_amount,
          method: refunder.method,
          status: manual ? REFUND_STATUS.manual : REFUND_STATUS.pending,
          reason: input.reason.slice(0, 255),
          restock: restock ? 1 : 0,
          invoice_action: invoiceAction,
          bank_code: manual ? input.bank!.bank_code : '',
          bank_account: manual ? input.bank!.account : '',
          bank_name: manual ? input.bank!.name.slice(0, 50) : '',
          message: manual ? withAllowance(REFUND_MSG.manualRecorded, invoiceAction) : '',
          raw: null,
          created_by: admin.id,
          created_by_name: admin.username.slice(0, 50),
          done_at: null,
        }),
      );
      await this.planner.writeItems(row, plan);
      await this.history(row, '', row.status, staffActor(admin), row.reason);
      await this.audit.record({
        admin,
        action: 'order.refund',
        entity: 'order',
        entityId: order.id,
        changes: {
          refund_id: [null, row.id],
          amount: [null, amount],
          ...(plan.shipping_amount ? { shipping_amount: [null, plan.shipping_amount] } : {}),
          items: [null, plan.lines.map((l) => ({ order_item_id: l.order_item_id, quantity: l.quantity, amount: l.amount }))],
          method: [null, row.method],
          refund_status: [null, row.status],
          restock: [null, restock],
          reason: [null, row.reason],
        },
        summary: `退款 NT$ ${amount.toLocaleString('en-US')}（${METHOD_LABEL[row.method as RefundMethod]}）`,
      });
      if (manual) await this.applyDone(order, row);
      return { row, order };
    });

    if ('replay' in decided) {
      const r = decided.replay!;
      return { refund: await this.viewOf(r), ok: r.status !== REFUND_STATUS.failed, message: messageOf(r) };
    }
    const { row, order } = decided;
    if (row.status === REFUND_STATUS.manual) {
      return { refund: await this.viewOf(row), ok: true, message: row.message };
    }
    return this.runAtGateway(admin, order, row);
  }

  /**
   * The refund a repeated request means: the same Idempotency-Key, or (without one) the same
   * admin's same refund moments ago (not a failed one). A failed row under the key is returned too:
   * the caller tries again instead of answering it.
   */
  private replayOf(earlier: Refund[], admin: SessionAdmin, input: RefundInput): Refund | undefined {
    if (input.key) return earlier.find((r) => r.refund_key === input.key);
    const since = Date.now() - REFUND_DEDUPE_MS;
    return earlier.find(
      (r) =>
        r.status !== REFUND_STATUS.failed &&
        r.created_by === admin.id &&
        r.refund_key.startsWith(`auto-${requestPrint(input)}-`) &&
        r.reason === input.reason.slice(0, 255) &&
        new Date(r.created_at).getTime() >= since,
    );
  }

  /** Calls the gateway for a `pending` row and records the outcome. */
  private async runAtGateway(admin: SessionAdmin, order: OrderRow, row: Refund): Promise<RefundOutcome> {
    const result = await this.callGateway(order, row);
    const saved = await this.settle(order.id, row.id, result);
    await this.tx.run(() =>
      this.audit.record({
        admin,
        action: 'order.refund-result',
        entity: 'order',
        entityId: order.id,
        changes: { refund_id: [row.id, row.id], refund_status: [REFUND_STATUS.pending, saved.status], method: [row.method, saved.method], ...(saved.message ? { message: ['', saved.message] } : {}) },
        summary: `退款結果：${saved.status === REFUND_STATUS.done ? '成功' : saved.status === REFUND_STATUS.failed ? '失敗' : '未確認'}`,
      }),
    );
    return { refund: await this.viewOf(saved), ok: saved.status !== REFUND_STATUS.failed, message: messageOf(saved) };
  }

  /** Records a gateway outcome on a pending row (once: only a pending row changes) and applies a success to the order. */
  private async settle(orderId: number, refundId: number, result: GatewayResult): Promise<Refund> {
    return this.tx.run(async () => {
      const order = await this.orders.lockForRefund(orderId);
      const repo = this.tx.repo(Refund);
      const row = (await repo.findOne({ where: { id: refundId } }))!;
      if (row.status !== REFUND_STATUS.pending || !order) return row;
      if (result.kind === 'done') {
        Object.assign(row, { status: REFUND_STATUS.done, method: result.method, gateway_ref: result.ref.slice(0, 64), raw: result.raw, done_at: new Date() });
        row.message = withAllowance(row.invoice_action === 'allowance' ? REFUND_MSG.allowanceNeeded : '', row.invoice_action);
        await repo.update({ id: row.id, status: REFUND_STATUS.pending }, { status: row.status, method: row.method, gateway_ref: row.gateway_ref, raw: row.raw as object, done_at: row.done_at, message: row.message });
        await this.history(row, REFUND_STATUS.pending, REFUND_STATUS.done, GATEWAY_ACTOR, METHOD_LABEL[row.method as RefundMethod] ?? row.method);
        await this.applyDone(order, row);
      } else if (result.kind === 'failed') {
        Object.assign(row, { status: REFUND_STATUS.failed, message: result.message.slice(0, 255), raw: result.raw });
        await repo.update({ id: row.id, status: REFUND_STATUS.pending }, { status: row.status, message: row.message, raw: row.raw as object });
        await this.history(row, REFUND_STATUS.pending, REFUND_STATUS.failed, GATEWAY_ACTOR, row.message);
      } else {
        row.message = result.message.slice(0, 255);
        await repo.update({ id: row.id }, { message: row.message, raw: result.raw as object });
      }
      return row;
    });
  }

  /** A refund that happened (or is owed by hand): the order's refunded amount, status, stock and invoice. */
  private async applyDone(order: OrderRow, row: Refund): Promise<void> {
    const restockLines = await this.planner.restockLinesOf(row);
    const applied = await this.orders.applyRefund(order.id, { amount: row.amount, restock: restockLines.length > 0, restockLines });
    if (!applied) {
      // The order row was locked and checked: this means the books disagree — leave a trace for staff.
      this.logger.error(`refund #${row.id} of order #${order.id} (NT$ ${row.amount}) could not be added to the order's refunded amount`);
      return;
    }
    await this.outbox.enqueue(JobName.MailOrderRefunded, { refundId: row.id }, { jobId: `mail-refund:${row.id}` });
    // Fully refunded before the parcel was handed over: its live PAYUNi ticket is cancelled (the logistics module's job).
    if (applied.full) await this.tickets.cancelUnsentAfterRefund(order.id);
    // The e-invoice (InvoiceAllowancesService.onRefund): void inside its period, else an allowance of the refunded lines awaiting the member's consent (the refund mail links to it).
    const items = await this.planner.itemsOf(row.id);
    const lines = items.map((i) => ({ orderItemId: i.order_item_id, quantity: i.quantity, amount: i.amount }));
    // Issue 21: points, sold counts and restock alerts hear of it in this transaction, once per applied refund.
    const ordered = new Map(((await this.orders.withItems(order.id))?.items ?? []).map((i) => [i.id, i]));
    await this.events.publish('order.refunded', {
      orderId: order.id,
      refundId: row.id,
      items: lines.map((l) => ({ ...l, productId: ordered.get(l.orderItemId)?.product_id ?? null, variantId: ordered.get(l.orderItemId)?.variant_id ?? null })),
      shipping: row.shipping_amount,
      restocked: restockLines.length > 0,
      full: applied.full,
    });
    await this.allowances.onRefund({
      orderId: order.id,
      refundId: row.id,
      ...(lines.length ? { lines, shippingAmount: row.shipping_amount } : { amount: row.amount }),
      full: row.invoice_action === 'void',
      reason: row.reason,
    });
  }

  /** The gateway step (the order's RefundProvider): done, failed, or unknown when the answer was lost and the gateway cannot tell yet. */
  private callGateway(order: OrderRow, row: Refund): Promise<GatewayResult> {
    return this.providers.refundsFor(order.payment).refund(paymentOrderOf(order), row.amount);
  }

  /** Settles the order's `pending` refunds (a lost answer) by asking the gateway; no-op when none. */
  async resolvePending(order: OrderRow): Promise<void> {
    const pending = await this.tx.repo(Refund).find({ where: { order_id: order.id, status: REFUND_STATUS.pending }, order: { id: 'ASC' } });
    for (const row of pending) {
      const fresh = (await this.orders.findById(order.id))!;
      const result = await this.providers.refundsFor(fresh.payment).checkRefund(paymentOrderOf(fresh), fresh.refunded_amount + row.amount, row.amount, new Error('answer lost'));
      // A recent pending row may still be running in another request: leave it unless the gateway settled it.
      if (result.kind === 'failed' && Date.now() - new Date(row.created_at).getTime() < 60_000) continue;
      if (result.kind !== 'unknown') await this.settle(order.id, row.id, result);
    }
  }
}

export const METHOD_LABEL: Record<RefundMethod, string> = {
  'credit-refund': '信用卡退款',
  'credit-void': '信用卡取消授權',
  linepay: 'LINE Pay 退款',
  'bank-transfer': '銀行轉帳退款',
  cod: '貨到付款退款（銀行轉帳）',
};

function withAllowance(message: string, invoiceAction: string): string {
  if (invoiceAction !== 'allowance' || message.includes(REFUND_MSG.allowanceNeeded)) return message;
  return message ? `${message}；${REFUND_MSG.allowanceNeeded}` : REFUND_MSG.allowanceNeeded;
}

function messageOf(r: Refund): string {
  if (r.status === REFUND_STATUS.done) return r.message ? `${REFUND_DONE}；${r.message}` : REFUND_DONE;
  return r.message || (r.status === REFUND_STATUS.failed ? REFUND_MSG.refundFailed : r.status === REFUND_STATUS.pending ? REFUND_MSG.refundUnknown : REFUND_MSG.manualRecorded);
}

export const REFUND_DONE = '退款成功';

/** Who settles a pending refund: the gateway's answer (or its refunded total asked again). */
const GATEWAY_ACTOR: Actor = { kind: 'gateway', name: '金流退款' };

function staffActor(admin: SessionAdmin): Actor {
  return { kind: 'staff', id: admin.id, name: admin.username, role: admin.role as Actor['role'] };
}

/** A refusal shown under its field: `{ success: false, message, errors: [{ field, message }], ...extra }` (409 above what is left, else 400). */
function fieldError(e: RefundFieldError): AppError {
  const over = 'refundable' in e.extra || 'refundable_quantity' in e.extra;
  return new AppError(e.message, over ? HttpStatus.CONFLICT : HttpStatus.BAD_REQUEST, { errors: [{ field: e.field, message: e.message }], ...e.extra });
}

/** What a keyless request asked for (amount, lines, shipping), in its auto key: a double click is the same request. */
function requestPrint(input: RefundInput): string {
  const items = [...(input.items ?? [])].sort((a, b) => a.order_item_id - b.order_item_id).map((i) => `${i.order_item_id}x${i.quantity}`);
  return createHash('sha256').update(JSON.stringify([input.amount ?? null, items, input.shipping ?? null])).digest('hex').slice(0, 16);
}
