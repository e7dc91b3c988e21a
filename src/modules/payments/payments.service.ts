import { Injectable, Logger } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { PaymentNotification } from './entities/payment-notification.entity';
import { PaymentTransaction } from './entities/payment-transaction.entity';
import {
  PaymentStartError,
  type AttemptRaw,
  type OnlineMethod,
  type PaymentAttempt,
  type PaymentGatewayName,
  type PaymentOrder,
  type StartPaymentInput,
  type StartPaymentResult,
  type TradeState,
} from './payment-provider';
import { PaymentProviderRegistry } from './payment-provider.registry';
import { isDuplicateKey } from '../../database/db-dialect';

export { PaymentStartError };
export type { OnlineMethod, PaymentAttempt, PaymentGatewayName, StartPaymentInput, StartPaymentResult };

/** A verified gateway message to record once (unique gateway + trade_no + status). */
export interface NotificationInput {
  orderId: number | null;
  merTradeNo: string;
  gateway: PaymentGatewayName;
  tradeNo: string;
  amount: number;
  /** The gateway's status for this message (a trade status, `confirmed`…). */
  status: string;
  source: 'notify' | 'return' | 'confirm' | 'query';
  raw: Record<string, unknown>;
}


/**
 * Payment attempts at the gateways and their verified results: owns payment_transactions and
 * payment_notifications. The gateways are reached only through the PaymentProvider of the
 * order's method (PaymentProviderRegistry). It never touches orders: the orders module applies
 * what it learns (OrderPaymentsService, reconciliation).
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly tx: Transactions,
    private readonly registry: PaymentProviderRegistry,
  ) {}

  /**
   * Starts the attempt at the gateway and records it. Call it after the order's transaction has
   * committed (it makes an HTTP call; no transaction is held across it). Throws PaymentStartError.
   */
  async start(input: StartPaymentInput): Promise<StartPaymentResult> {
    if (this.tx.active) throw new Error('PaymentsService.start() calls a gateway: call it after the order transaction commits');
    const provider = this.registry.has(input.method) ? this.registry.for(input.method) : null;
    if (!provider?.online) throw new PaymentStartError(`unknown online payment method ${String(input.method)}`, false, 'VALIDATION');
    const attempt = await this.tx.run(() =>
      this.tx.repo(PaymentTransaction).save(
        this.tx.repo(PaymentTransaction).create({
          order_id: input.orderId,
          mer_trade_no: input.merTradeNo,
          gateway: provider.gateway,
          method: input.method,
          trade_no: '',
          amount: input.amount,
          status: 'requested',
          raw: {},
        }),
      ),
    );
    try {
      const { result, tradeNo, raw } = await provider.start(input);
      await this.tx.run(() => this.tx.repo(PaymentTransaction).update({ id: attempt.id }, { status: 'pending', trade_no: tradeNo, raw: raw as object }));
      return result;
    } catch (err) {
      const failure = startFailure(err);
      this.logger.warn(`payment start failed for order #${input.orderId} (${input.method}): ${failure.code} ${failure.message}`);
      await this.tx
        .run(() =>
          this.tx.repo(PaymentTransaction).update(
            { id: attempt.id },
            { status: 'failed', raw: { error: { code: failure.code, message: failure.message, retryable: failure.retryable } } satisfies AttemptRaw as object },
          ),
        )
        .catch((e: Error) => this.logger.error(`could not record the failed attempt #${attempt.id}: ${e.message}`));
      throw failure;
    }
  }

  /** The form / redirect / code of the attempt already started for an order (a double submit answered again); null when none. */
  async replay(orderId: number): Promise<StartPaymentResult | null> {
    const row = await this.tx.repo(PaymentTransaction).findOne({ where: { order_id: orderId, status: 'pending' }, order: { id: 'DESC' } });
    if (!row) {
      const paid = await this.tx.repo(PaymentTransaction).findOne({ where: { order_id: orderId, status: 'paid' }, order: { id: 'DESC' } });
      return paid ? this.resultOf(paid) : null;
    }
    return this.resultOf(row);
  }

  /** The latest attempt of an order (any status), or null. */
  async latestAttempt(orderId: number): Promise<PaymentAttempt | null> {
    const row = await this.tx.repo(PaymentTransaction).findOne({ where: { order_id: orderId }, order: { id: 'DESC' } });
    return row ? attemptOf(row) : null;
  }

  /** Every attempt of an order, oldest first (reconciliation asks about each before cancelling). */
  async attemptsOf(orderId: number): Promise<PaymentAttempt[]> {
    const rows = await this.tx.repo(PaymentTransaction).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    return rows.map(attemptOf);
  }

  /** The latest attempt made under this gateway order number (an order's own number, or a retried payment's), or null. */
  async attemptOfGatewayNo(merTradeNo: string): Promise<PaymentAttempt | null> {
    const row = await this.tx.repo(PaymentTransaction).findOne({ where: { mer_trade_no: merTradeNo }, order: { id: 'DESC' } });
    return row ? attemptOf(row) : null;
  }

  /** The attempt of this gateway with this trade number for this order number (a browser callback naming its transaction), or null. */
  async findAttempt(gateway: PaymentGatewayName, tradeNo: string, merTradeNo: string): Promise<PaymentAttempt | null> {
    if (!tradeNo) return null;
    const row = await this.tx.repo(PaymentTransaction).findOne({ where: { gateway, trade_no: tradeNo.slice(0, 64), mer_trade_no: merTradeNo }, order: { id: 'DESC' } });
    return row ? attemptOf(row) : null;
  }

  /**
   * Sets an attempt's status (paid / failed / cancelled) once the order changed, with the
   * gateway's trade number when it became known (the card's TradeNo arrives with the notify) and
   * what the gateway said. Joins the caller's transaction.
   */
  async setAttemptStatus(attemptId: number, status: 'paid' | 'failed' | 'cancelled', extra: { tradeNo?: string; result?: Record<string, unknown> } = {}): Promise<void> {
    const repo = this.tx.repo(PaymentTransaction);
    const row = await repo.findOne({ where: { id: attemptId } });
    if (!row) return;
    const raw = (row.raw ?? {}) as AttemptRaw;
    await repo.update(
      { id: attemptId },
      {
        status,
        ...(extra.tradeNo && !row.trade_no ? { trade_no: extra.tradeNo.slice(0, 64) } : {}),
        ...(extra.result ? { raw: { ...raw, outcome: extra.result } as object } : {}),
      },
    );
  }

  /**
   * Records a verified gateway message once. True: new (apply it); false: the same gateway +
   * trade_no + status was recorded before (a replayed notify: change nothing). Joins the caller's
   * transaction: a rollback there forgets it too.
   */
  async recordNotification(n: NotificationInput): Promise<boolean> {
    try {
      await this.tx.repo(PaymentNotification).insert({
        order_id: n.orderId,
        mer_trade_no: n.merTradeNo.slice(0, 32),
        gateway: n.gateway,
        trade_no: n.tradeNo.slice(0, 64),
        amount: n.amount,
        status: n.status.slice(0, 20),
        source: n.source,
        raw: withoutCardPrefix(n.raw),
        received_at: new Date(),
      });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** How many notifications were recorded for an order (tests, back office). */
  countNotifications(orderId: number): Promise<number> {
    return this.tx.repo(PaymentNotification).count({ where: { order_id: orderId } });
  }

  // ---- Gateways (no transaction is held across these calls) ----------------------------------

  /** The order's trade at its gateway (e.g. "is this card payment unpaid?"). Throws PaymentProviderError. */
  async queryTrade(order: PaymentOrder): Promise<TradeState> {
    return this.registry.for(order.method).query(order, await this.latestAttempt(order.id));
  }

  /**
   * Cancels the unpaid code of an order at its gateway (a 7-ELEVEN code: `cancel_cvs`), once:
   * recorded on the attempt. 'done' (now or before, or the gateway no longer has it as an open
   * code), 'none' (no code was issued), 'unsupported' (the gateway cannot cancel it — an ATM
   * account lapses at its ExpireDate). Network and other failures throw (the job retries).
   */
  async cancelCode(orderId: number): Promise<'done' | 'none' | 'unsupported'> {
    const rows = await this.tx.repo(PaymentTransaction).find({ where: { order_id: orderId }, order: { id: 'DESC' } });
    const row = rows.find((r) => Boolean(((r.raw ?? {}) as AttemptRaw).payNo));
    return row ? this.cancelAttemptCode(row) : 'none';
  }

  /** The unpaid CVS code of an order (see cancelCode): 'done' or 'none' (no CVS code was issued). */
  async cancelCvsCode(orderId: number): Promise<'done' | 'none'> {
    const row = await this.tx.repo(PaymentTransaction).findOne({ where: { order_id: orderId, method: 'cvs' }, order: { id: 'DESC' } });
    return row && (await this.cancelAttemptCode(row)) === 'done' ? 'done' : 'none';
  }

  private async cancelAttemptCode(row: PaymentTransaction): Promise<'done' | 'none' | 'unsupported'> {
    const raw = (row.raw ?? {}) as AttemptRaw;
    if (!raw.payNo) return 'none';
    if (raw.codeCancel) return 'done';
    if (!this.registry.has(row.method)) return 'unsupported';
    const result = await this.registry.for(row.method).cancelCode(attemptOf(row));
    if (result.outcome !== 'done') return result.outcome;
    await this.tx.run(async () => {
      const fresh = await this.tx.repo(PaymentTransaction).findOne({ where: { id: row.id } });
      const freshRaw = (fresh?.raw ?? {}) as AttemptRaw;
      await this.tx.repo(PaymentTransaction).update({ id: row.id }, { status: fresh?.status === 'paid' ? 'paid' : 'cancelled', raw: { ...freshRaw, codeCancel: result.record } as object });
    });
    return 'done';
  }

  /** An attempt's answer again (a double submit), rebuilt by its provider from what was stored. */
  private resultOf(row: PaymentTransaction): StartPaymentResult | null {
    if (!this.registry.has(row.method)) return null;
    return this.registry.for(row.method).replay(row.method, row.trade_no, (row.raw ?? {}) as AttemptRaw);
  }
}

/** A gateway message as kept: the card's first six digits dropped (the last four stay, for support). */
function withoutCardPrefix(raw: Record<string, unknown>): Record<string, unknown> {
  const { Card6No: _card6, ...rest } = raw;
  return rest;
}

function startFailure(err: unknown): PaymentStartError {
  if (err instanceof PaymentStartError) return err;
  return new PaymentStartError((err as Error)?.message ?? String(err), false, 'ERROR');
}

function attemptOf(row: PaymentTransaction): PaymentAttempt {
  const raw = (row.raw ?? {}) as AttemptRaw;
  return {
    id: row.id,
    orderId: row.order_id,
    merTradeNo: row.mer_trade_no,
    gateway: row.gateway,
    method: row.method,
    tradeNo: row.trade_no,
    amount: row.amount,
    status: row.status,
    paymentCode: raw.paymentCode,
    payNo: raw.payNo,
    expireDate: raw.expireDate ? new Date(raw.expireDate) : undefined,
    codeCancelledAt: raw.codeCancel ? new Date(raw.codeCancel.at) : undefined,
    createdAt: row.created_at,
  };
}
