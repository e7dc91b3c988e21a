import { Inject, Injectable, Logger } from '@nestjs/common';
import type { GatewayForm } from '../../common/api/orders';
import { Transactions } from '../../common/transactions/transactions';
import { LinePayApiError, LinePayError, type LinePayCheckResult, type LinePayGateway, type LinePayProduct } from '../../integrations/linepay/linepay-gateway';
import { taipeiDate, PayuniError, type PayuniCallback, type PayuniGateway, type CallbackForm, type TradeRecord } from '../../integrations/payuni/payuni-gateway';
import { LINEPAY_GATEWAY, PAYUNI_GATEWAY } from '../../integrations/providers/provider-tokens';
import { PaymentNotification } from './entities/payment-notification.entity';
import { PaymentTransaction } from './entities/payment-transaction.entity';
import { parseTaipeiTimestamp } from './payment-times';

export type OnlineMethod = 'atm' | 'cvs' | 'credit' | 'linepay';
export type PaymentGatewayName = 'payuni' | 'linepay';

export interface StartPaymentInput {
  orderId: number;
  merTradeNo: string;
  method: OnlineMethod;
  /** The order's total (integer NT$), from the database. */
  amount: number;
  /** ATM: 004 | 822 | 013. */
  bankCode?: string;
  prodDesc: string;
  email: string;
  /** Public origin for the callbacks (`PUBLIC_URL`, else the request's origin), no trailing slash needed. */
  origin: string;
  /** The order's lines as charged (LINE Pay's package); the shipping fee is the rest of `amount`. */
  items: { name: string; quantity: number; price: number; imageUrl?: string }[];
}

export type StartPaymentResult =
  | { kind: 'code'; tradeNo: string; paymentCode: string; bankCode?: string; expireDate: Date }
  | { kind: 'form'; form: GatewayForm }
  | { kind: 'redirect'; form: GatewayForm };

/** The gateway refused or could not be reached; `retryable`: the same call may succeed later (outage, timeout). */
export class PaymentStartError extends Error {
  override readonly name = 'PaymentStartError';
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The gateway's code (PAYUNi `ATM02002`, LINE Pay `1172`, `TIMEOUT`…). */
    readonly code = '',
  ) {
    super(message);
  }
}

/** A payment attempt as the orders module sees it. */
export interface PaymentAttempt {
  id: number;
  orderId: number;
  merTradeNo: string;
  gateway: PaymentGatewayName;
  method: OnlineMethod;
  /** PAYUNi TradeNo or LINE Pay transactionId (a decimal string), '' until known. */
  tradeNo: string;
  amount: number;
  /** requested | pending | paid | failed | cancelled */
  status: string;
  /** ATM `<bank>-<account>` or CVS code. */
  paymentCode?: string;
  /** The CVS PayNo (cancel_cvs). */
  payNo?: string;
  expireDate?: Date;
  /** Set once the CVS code was cancelled at PAYUNi (or PAYUNi said it no longer exists). */
  codeCancelledAt?: Date;
  createdAt: Date;
}

/** A verified gateway message to record once (unique gateway + trade_no + status). */
export interface NotificationInput {
  orderId: number | null;
  merTradeNo: string;
  gateway: PaymentGatewayName;
  tradeNo: string;
  amount: number;
  /** The gateway's status for this message (PAYUNi TradeStatus, LINE Pay `confirmed`…). */
  status: string;
  source: 'notify' | 'return' | 'confirm' | 'query';
  raw: Record<string, unknown>;
}

/** What is stored in payment_transactions.raw (no secrets, never card data). */
interface AttemptRaw {
  request?: Record<string, unknown>;
  form?: GatewayForm;
  paymentCode?: string;
  bankCode?: string;
  payNo?: string;
  expireDate?: string;
  result?: Record<string, unknown>;
  error?: { code: string; message: string; retryable: boolean };
  /** What the gateway said when the attempt ended (paid, failed, cancelled). */
  outcome?: Record<string, unknown>;
  codeCancel?: { at: string; verifyCode?: string; answer?: string };
}

const GATEWAY_OF: Record<OnlineMethod, PaymentGatewayName> = { atm: 'payuni', cvs: 'payuni', credit: 'payuni', linepay: 'linepay' };
/** PAYUNi's ATM/CVS ExpireDate: a week, as the gateway's default (CVS allows at most 7 days). */
const CODE_EXPIRE_DAYS = 7;

function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  const code = e.driverError?.code ?? e.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}

function trimOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '');
}

/**
 * Payment attempts at the gateways (PAYUNi ATM / CVS / UPP card page, LINE Pay) and their verified
 * results: owns payment_transactions and payment_notifications. It never touches orders: the
 * orders module applies what it learns (OrderPaymentsService, reconciliation).
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly tx: Transactions,
    @Inject(PAYUNI_GATEWAY) private readonly payuni: PayuniGateway,
    @Inject(LINEPAY_GATEWAY) private readonly linePay: LinePayGateway,
  ) {}

  /**
   * Starts the attempt at the gateway and records it. Call it after the order's transaction has
   * committed (it makes an HTTP call; no transaction is held across it). Throws PaymentStartError.
   */
  async start(input: StartPaymentInput): Promise<StartPaymentResult> {
    if (this.tx.active) throw new Error('PaymentsService.start() calls a gateway: call it after the order transaction commits');
    const gateway = GATEWAY_OF[input.method];
    if (!gateway) throw new PaymentStartError(`unknown online payment method ${String(input.method)}`, false, 'VALIDATION');
    const origin = trimOrigin(input.origin);
    const attempt = await this.tx.run(() =>
      this.tx.repo(PaymentTransaction).save(
        this.tx.repo(PaymentTransaction).create({
          order_id: input.orderId,
          mer_trade_no: input.merTradeNo,
          gateway,
          method: input.method,
          trade_no: '',
          amount: input.amount,
          status: 'requested',
          raw: {},
        }),
      ),
    );
    try {
      const { result, tradeNo, raw } = await this.callGateway(input, origin);
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
      return paid ? resultOf(paid) : null;
    }
    return resultOf(row);
  }

  /** The latest attempt of an order (any status), or null. */
  async latestAttempt(orderId: number): Promise<PaymentAttempt | null> {
    const row = await this.tx.repo(PaymentTransaction).findOne({ where: { order_id: orderId }, order: { id: 'DESC' } });
    return row ? attemptOf(row) : null;
  }

  /** The LINE Pay attempt with this transactionId for this order number (the confirm redirect), or null. */
  async findLinePayAttempt(transactionId: string, merTradeNo: string): Promise<PaymentAttempt | null> {
    if (!/^\d{1,30}$/.test(transactionId)) return null;
    const row = await this.tx.repo(PaymentTransaction).findOne({ where: { gateway: 'linepay', trade_no: transactionId, mer_trade_no: merTradeNo }, order: { id: 'DESC' } });
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

  /** Verifies (HashInfo, MerID) and decrypts a PAYUNi NotifyURL / ReturnURL post; throws PayuniCallbackError. */
  parsePayuniCallback(form: CallbackForm): PayuniCallback {
    return this.payuni.parseCallback(form);
  }

  /** PAYUNi `trade/query` by our order number: the trade, or null when PAYUNi has none (QUERY03001). Other failures throw. */
  async queryPayuni(merTradeNo: string): Promise<TradeRecord | null> {
    try {
      const { trades } = await this.payuni.tradeQuery({ merTradeNo });
      return trades.find((t) => t.merTradeNo === merTradeNo) ?? trades[0] ?? null;
    } catch (err) {
      if (err instanceof PayuniError && err.code === 'QUERY03001') return null;
      throw err;
    }
  }

  /**
   * LINE Pay confirm of an approved payment (amount from OUR order). 'confirmed', or
   * 'already-confirmed' when LINE Pay says it happened before (1172/1152). Other failures throw LinePayError.
   */
  async confirmLinePay(attempt: PaymentAttempt, amount: number): Promise<{ outcome: 'confirmed' | 'already-confirmed'; raw: Record<string, unknown> }> {
    try {
      const r = await this.linePay.confirm(attempt.tradeNo, { amount, currency: 'TWD' });
      return { outcome: 'confirmed', raw: { transactionId: r.transactionId, orderId: r.orderId, payInfo: r.payInfo } };
    } catch (err) {
      if (err instanceof LinePayApiError && err.alreadyConfirmed) return { outcome: 'already-confirmed', raw: { returnCode: err.code } };
      throw err;
    }
  }

  /** Whether a confirmed LINE Pay payment exists for this transaction and order, for this amount. */
  async linePayPaid(attempt: PaymentAttempt, amount: number): Promise<boolean> {
    const list = await this.linePay.paymentDetails({ transactionId: attempt.tradeNo, orderId: attempt.merTradeNo });
    return list.some(
      (d) => d.transactionId === attempt.tradeNo && d.orderId === attempt.merTradeNo && d.payInfo.reduce((s, p) => s + (Number.isFinite(p.amount) ? p.amount : 0), 0) === amount,
    );
  }

  /** How many confirmed LINE Pay payments exist for our order number (0 when none). */
  async linePayPaymentsOfOrder(merTradeNo: string): Promise<number> {
    return (await this.linePay.paymentDetails({ orderId: merTradeNo })).filter((d) => d.orderId === merTradeNo).length;
  }

  /** LINE Pay check of a reserved payment. Throws LinePayError on failure. */
  checkLinePay(attempt: PaymentAttempt): Promise<LinePayCheckResult> {
    return this.linePay.checkStatus(attempt.tradeNo);
  }

  /**
   * Cancels the unpaid CVS code of an order at PAYUNi (`cancel_cvs`), once: recorded on the
   * attempt. 'done' (now or before, or PAYUNi no longer has it as an open code), 'none' (no CVS
   * code was issued). Network and other failures throw (the job retries).
   */
  async cancelCvsCode(orderId: number): Promise<'done' | 'none'> {
    const row = await this.tx.repo(PaymentTransaction).findOne({ where: { order_id: orderId, method: 'cvs' }, order: { id: 'DESC' } });
    const raw = (row?.raw ?? {}) as AttemptRaw;
    if (!row || !raw.payNo) return 'none';
    if (raw.codeCancel) return 'done';
    let record: NonNullable<AttemptRaw['codeCancel']>;
    try {
      const r = await this.payuni.cancelCvs({ payNo: raw.payNo });
      record = { at: new Date().toISOString(), verifyCode: r.verifyCode };
    } catch (err) {
      // A 03xxx answer: PAYUNi has no open code by that number (unknown, paid or already void) —
      // nothing left to cancel. Anything else (network, outage, envelope) is retried by the job.
      if (err instanceof PayuniError && /03\d{3}$/.test(err.code)) record = { at: new Date().toISOString(), answer: err.code };
      else throw err;
    }
    await this.tx.run(async () => {
      const fresh = await this.tx.repo(PaymentTransaction).findOne({ where: { id: row.id } });
      const freshRaw = (fresh?.raw ?? {}) as AttemptRaw;
      await this.tx.repo(PaymentTransaction).update({ id: row.id }, { status: fresh?.status === 'paid' ? 'paid' : 'cancelled', raw: { ...freshRaw, codeCancel: record } as object });
    });
    return 'done';
  }

  private async callGateway(input: StartPaymentInput, origin: string): Promise<{ result: StartPaymentResult; tradeNo: string; raw: AttemptRaw }> {
    const notifyUrl = `${origin}/api/payments/payuni/notify`;
    const slipUrl = `${origin}/paymentSlip?MerTradeNo=${encodeURIComponent(input.merTradeNo)}`;
    switch (input.method) {
      case 'atm': {
        const bankType = input.bankCode ?? '';
        const expireDate = taipeiDate(new Date(), CODE_EXPIRE_DAYS);
        const r = await this.payuni.atm({
          merTradeNo: input.merTradeNo,
          tradeAmt: input.amount,
          prodDesc: input.prodDesc,
          bankType,
          expireDate,
          notifyUrl,
          usrMail: input.email || undefined,
        });
        if (!r.payNo) throw new PaymentStartError('PAYUNi answered no PayNo', false, 'BAD_RESPONSE');
        const bank = r.bankType || bankType;
        const paymentCode = `${bank}-${r.payNo}`;
        const expires = parseTaipeiTimestamp(r.expireDate) ?? parseTaipeiTimestamp(expireDate) ?? new Date(Date.now() + CODE_EXPIRE_DAYS * 86400_000);
        return {
          result: { kind: 'code', tradeNo: r.tradeNo, paymentCode, bankCode: bank, expireDate: expires },
          tradeNo: r.tradeNo,
          raw: { request: { expireDate, bankType }, paymentCode, bankCode: bank, payNo: r.payNo, expireDate: expires.toISOString(), result: safeRaw(r.raw) },
        };
      }
      case 'cvs': {
        const expireDate = taipeiDate(new Date(), CODE_EXPIRE_DAYS);
        const r = await this.payuni.cvs({
          merTradeNo: input.merTradeNo,
          tradeAmt: input.amount,
          prodDesc: input.prodDesc,
          expireDate,
          notifyUrl,
          usrMail: input.email || undefined,
        });
        if (!r.payNo) throw new PaymentStartError('PAYUNi answered no PayNo', false, 'BAD_RESPONSE');
        const expires = parseTaipeiTimestamp(r.expireDate) ?? parseTaipeiTimestamp(expireDate) ?? new Date(Date.now() + CODE_EXPIRE_DAYS * 86400_000);
        return {
          result: { kind: 'code', tradeNo: r.tradeNo, paymentCode: r.payNo, expireDate: expires },
          tradeNo: r.tradeNo,
          raw: { request: { expireDate }, paymentCode: r.payNo, payNo: r.payNo, expireDate: expires.toISOString(), result: safeRaw(r.raw) },
        };
      }
      case 'credit': {
        const f = this.payuni.uppForm({
          merTradeNo: input.merTradeNo,
          tradeAmt: input.amount,
          prodDesc: input.prodDesc,
          usrMail: input.email || undefined,
          returnUrl: `${origin}/api/payments/payuni/return?MerTradeNo=${encodeURIComponent(input.merTradeNo)}`,
          notifyUrl,
          backUrl: slipUrl,
          credit: true,
        });
        const form: GatewayForm = { go_url: f.go_url, body: { ...f.body } };
        return { result: { kind: 'form', form }, tradeNo: '', raw: { form } };
      }
      case 'linepay': {
        const products = linePayProducts(input, origin);
        const r = await this.linePay.request({
          orderId: input.merTradeNo,
          amount: input.amount,
          currency: 'TWD',
          packages: [{ id: '1', amount: input.amount, name: (input.prodDesc || input.merTradeNo).slice(0, 100), products }],
          redirectUrls: {
            confirmUrl: `${origin}/api/payments/linepay/confirm`,
            cancelUrl: `${origin}/api/payments/linepay/cancel?orderId=${encodeURIComponent(input.merTradeNo)}`,
          },
          options: { display: { locale: 'zh_TW' } },
        });
        const form: GatewayForm = { go_url: r.paymentUrl.web, body: {} };
        return { result: { kind: 'redirect', form }, tradeNo: r.transactionId, raw: { form, result: { transactionId: r.transactionId, paymentUrl: r.paymentUrl } } };
      }
    }
  }
}

/**
 * LINE Pay's one package: the order's lines, then the shipping fee (the rest of the total) as its
 * own line, so Σ price × quantity is exactly the amount. Lines that cannot add up (a discount
 * larger than the fee) fall back to one line of the whole total.
 */
export function linePayProducts(input: Pick<StartPaymentInput, 'items' | 'amount' | 'merTradeNo'>, origin: string): LinePayProduct[] {
  const lines: LinePayProduct[] = input.items.map((i) => ({
    name: (i.name || '商品').slice(0, 4000),
    quantity: i.quantity,
    price: i.price,
    ...(i.imageUrl ? { imageUrl: absoluteUrl(i.imageUrl, origin) } : {}),
  }));
  const valid = lines.every((l) => Number.isInteger(l.quantity) && l.quantity >= 1 && Number.isInteger(l.price) && l.price >= 0);
  const sum = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const rest = input.amount - sum;
  if (!valid || lines.length === 0 || rest < 0) return [{ name: `訂單 ${input.merTradeNo}`, quantity: 1, price: input.amount }];
  if (rest > 0) lines.push({ name: '運費', quantity: 1, price: rest });
  return lines;
}

function absoluteUrl(url: string, origin: string): string | undefined {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/')) return `${origin}${url}`;
  return undefined;
}

/** A gateway message as kept: the card's first six digits dropped (the last four stay, for support). */
function withoutCardPrefix(raw: Record<string, unknown>): Record<string, unknown> {
  const { Card6No: _card6, ...rest } = raw;
  return rest;
}

/** The answer without anything sensitive (PAYUNi answers carry none, but keep the habit). */
function safeRaw(raw: Record<string, string>): Record<string, string> {
  const { HashKey: _k, HashIV: _i, ...rest } = raw;
  return rest;
}

function startFailure(err: unknown): PaymentStartError {
  if (err instanceof PaymentStartError) return err;
  if (err instanceof PayuniError) return new PaymentStartError(err.message, err.retryable, err.code);
  if (err instanceof LinePayApiError) return new PaymentStartError(err.message, err.retryable, err.code);
  if (err instanceof LinePayError) return new PaymentStartError(err.message, err.retryable, err.kind);
  return new PaymentStartError((err as Error)?.message ?? String(err), false, 'ERROR');
}

function attemptOf(row: PaymentTransaction): PaymentAttempt {
  const raw = (row.raw ?? {}) as AttemptRaw;
  return {
    id: row.id,
    orderId: row.order_id,
    merTradeNo: row.mer_trade_no,
    gateway: row.gateway as PaymentGatewayName,
    method: row.method as OnlineMethod,
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

function resultOf(row: PaymentTransaction): StartPaymentResult | null {
  const raw = (row.raw ?? {}) as AttemptRaw;
  if (row.method === 'atm' || row.method === 'cvs') {
    if (!raw.paymentCode || !raw.expireDate) return null;
    return { kind: 'code', tradeNo: row.trade_no, paymentCode: raw.paymentCode, ...(raw.bankCode ? { bankCode: raw.bankCode } : {}), expireDate: new Date(raw.expireDate) };
  }
  if (!raw.form) return null;
  return { kind: row.method === 'linepay' ? 'redirect' : 'form', form: raw.form };
}
