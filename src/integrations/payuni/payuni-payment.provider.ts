import { Logger } from '@nestjs/common';
import type { GatewayForm } from '../../common/api/orders';
import { REFUND_MSG } from '../../common/validation/admin';
import { parseTaipeiTimestamp } from '../../common/time/taipei-timestamp';
import {
  PaymentProviderError,
  PaymentStartError,
  type AttemptRaw,
  type CallbackClaim,
  type CallbackKind,
  type CallbackRequest,
  type CallbackSettlement,
  type CancelCodeResult,
  type PaymentAttempt,
  type PaymentEvent,
  type PaymentOrder,
  type PaymentProvider,
  type ReconcileContext,
  type ReconcileDecision,
  type RefundProvider,
  type RefundResult,
  type StartedPayment,
  type StartPaymentInput,
  type StartPaymentResult,
  type TradeState,
} from '../payments/payment-provider';
import { PayuniCallbackError, PayuniError, taipeiDate, type PayuniCallback, type PayuniGateway, type TradeRecord } from './payuni-gateway';

/** PAYUNi's ATM/CVS ExpireDate: a week, as the gateway's default (CVS allows at most 7 days). */
export const CODE_EXPIRE_DAYS = 7;

type Decision = { outcome: ReconcileDecision };

/**
 * PAYUNi (PROVIDERS.md §2) as a payment provider: ATM virtual accounts and 7-ELEVEN codes
 * (`/api/atm`, `/api/cvs`), the UPP card page, the NotifyURL / ReturnURL posts, `trade/query`,
 * `cancel_cvs`; and card refunds (`trade/close`, `trade/cancel`). ATM and CVS payments are
 * refunded by bank transfer (another adapter).
 */
export class PayuniPaymentProvider implements PaymentProvider, RefundProvider {
  readonly gateway = 'payuni';
  readonly displayName = 'PAYUNi';
  readonly online = true;
  readonly callbacks = {
    notify: { method: 'POST' },
    return: { method: 'POST', errorPage: '無法確認這筆付款的訂單，請至「我的訂單」查看付款狀態。' },
  } as const;
  readonly manual = false;
  readonly method = 'credit-refund' as const;
  private readonly logger = new Logger('PayuniPayments');

  constructor(private readonly payuni: PayuniGateway) {}

  // ---- start ----------------------------------------------------------------------------------

  async start(input: StartPaymentInput): Promise<StartedPayment> {
    const origin = input.origin.trim().replace(/\/+$/, '');
    const notifyUrl = `${origin}/api/payments/payuni/notify`;
    const slipUrl = `${origin}/paymentSlip?MerTradeNo=${encodeURIComponent(input.merTradeNo)}`;
    try {
      switch (input.method) {
        case 'atm': {
          const bankType = input.bankCode ?? '';
          const expireDate = taipeiDate(new Date(), CODE_EXPIRE_DAYS);
          const r = await this.payuni.atm({ merTradeNo: input.merTradeNo, tradeAmt: input.amount, prodDesc: input.prodDesc, bankType, expireDate, notifyUrl, usrMail: input.email || undefined });
          if (!r.payNo) throw new PaymentStartError('PAYUNi answered no PayNo', false, 'BAD_RESPONSE');
          const bank = r.bankType || bankType;
          const paymentCode = `${bank}-${r.payNo}`;
          const expires = codeExpiry(r.expireDate, expireDate);
          return {
            result: { kind: 'code', tradeNo: r.tradeNo, paymentCode, bankCode: bank, expireDate: expires },
            tradeNo: r.tradeNo,
            raw: { request: { expireDate, bankType }, paymentCode, bankCode: bank, payNo: r.payNo, expireDate: expires.toISOString(), result: safeRaw(r.raw) },
          };
        }
        case 'cvs': {
          const expireDate = taipeiDate(new Date(), CODE_EXPIRE_DAYS);
          const r = await this.payuni.cvs({ merTradeNo: input.merTradeNo, tradeAmt: input.amount, prodDesc: input.prodDesc, expireDate, notifyUrl, usrMail: input.email || undefined });
          if (!r.payNo) throw new PaymentStartError('PAYUNi answered no PayNo', false, 'BAD_RESPONSE');
          const expires = codeExpiry(r.expireDate, expireDate);
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
        default:
          throw new PaymentStartError(`PAYUNi does not collect ${String(input.method)}`, false, 'VALIDATION');
      }
    } catch (err) {
      if (err instanceof PayuniError) throw new PaymentStartError(err.message, err.retryable, err.code);
      throw err;
    }
  }

  replay(method: string, tradeNo: string, raw: AttemptRaw): StartPaymentResult | null {
    if (method === 'atm' || method === 'cvs') {
      if (!raw.paymentCode || !raw.expireDate) return null;
      return { kind: 'code', tradeNo, paymentCode: raw.paymentCode, ...(raw.bankCode ? { bankCode: raw.bankCode } : {}), expireDate: new Date(raw.expireDate) };
    }
    return raw.form ? { kind: 'form', form: raw.form } : null;
  }

  // ---- callbacks (NotifyURL, UPP ReturnURL) ---------------------------------------------------

  /** Verifies (HashInfo, MerID) and decrypts the post. The return is signed exactly like the notify. */
  verifyCallback(kind: CallbackKind, req: CallbackRequest): CallbackClaim {
    const orderNo = req.query.MerTradeNo;
    if (kind !== 'notify' && kind !== 'return') return { ok: false, reason: `PAYUNi sends no ${kind}`, orderNo };
    let cb: PayuniCallback;
    try {
      cb = this.payuni.parseCallback(req.form);
    } catch (err) {
      if (err instanceof PayuniCallbackError) return { ok: false, reason: `${err.reason}: ${err.message}`, orderNo };
      throw err;
    }
    if (!cb.merTradeNo) return { ok: false, reason: 'unknown order: no MerTradeNo', orderNo };
    return { ok: true, merTradeNo: cb.merTradeNo, message: cb, orderNo };
  }

  /**
   * TradeAmt must be the order's total. TradeStatus 1 pays the order; 2 (failed), 3 (cancelled),
   * 4 (expired) cancel it unless paid; 0 issued, 8 review, 9 unpaid are recorded only. Whichever
   * of notify and return arrives first applies; the other is a duplicate (same TradeNo + status).
   */
  async settleCallback(kind: CallbackKind, claim: Extract<CallbackClaim, { ok: true }>, order: PaymentOrder): Promise<CallbackSettlement> {
    const cb = claim.message as PayuniCallback;
    const source = kind === 'return' ? 'return' : 'notify';
    if (cb.tradeAmt !== order.totalAmount) {
      return { kind: 'refused', reason: `amount mismatch for ${order.merTradeNo}: TradeAmt ${cb.tradeAmt ?? '(none)'} ≠ order total ${order.totalAmount}` };
    }
    const tradeStatus = cb.tradeStatus;
    const notification = {
      tradeNo: cb.tradeNo || `mer:${order.merTradeNo}`,
      amount: cb.tradeAmt ?? 0,
      status: tradeStatus === undefined ? `S:${cb.status}` : String(tradeStatus),
      raw: { ...cb.raw, Version: cb.version },
    };
    let event: PaymentEvent;
    if (tradeStatus === 1) {
      event = {
        effect: 'paid',
        source,
        notification,
        paid: { tradeNo: cb.tradeNo ?? '', amount: cb.tradeAmt ?? 0, raw: cb.raw, paidAt: parseTaipeiTimestamp(cb.payTime) },
        attempt: { status: 'paid', tradeNo: cb.tradeNo, result: { source, TradeStatus: 1, PayTime: cb.payTime } },
      };
    } else if (tradeStatus === 2 || tradeStatus === 3 || tradeStatus === 4) {
      event = {
        effect: 'closed',
        source,
        notification,
        cancelledBy: tradeStatus === 4 ? 'expired' : 'payment-failed',
        attempt: { status: tradeStatus === 2 ? 'failed' : 'cancelled', tradeNo: cb.tradeNo, result: { source, TradeStatus: tradeStatus } },
      };
    } else {
      event = { effect: 'recorded', source, notification };
    }
    return { kind: 'event', event };
  }

  // ---- query, reconcile, cancel ---------------------------------------------------------------

  async query(order: PaymentOrder, attempt: PaymentAttempt | null): Promise<TradeState> {
    const trade = await this.guard(() => this.trade(this.gatewayNo(order, attempt)));
    if (!trade) return { status: 'none', tradeNo: '', amount: 0, raw: {} };
    const status = ({ 0: 'unpaid', 1: 'paid', 2: 'failed', 3: 'cancelled', 4: 'expired', 9: 'unpaid' } as Record<number, TradeState['status']>)[trade.tradeStatus] ?? 'unknown';
    return { status: trade.dataSource === 'B' ? 'unknown' : status, tradeNo: trade.tradeNo, amount: trade.tradeAmt, raw: trade.raw };
  }

  /**
   * `trade/query` by our order number. An order is cancelled only after PAYUNi said it is not
   * paid: ATM/CVS past their ExpireDate, a card unpaid (or never used) for PAYMENTS_ABANDON_MINUTES.
   */
  async reconcile(order: PaymentOrder, attempt: PaymentAttempt | null, ctx: ReconcileContext): Promise<ReconcileDecision> {
    return (await this.guard(() => this.decide(order, attempt, ctx))).outcome;
  }

  private async decide(order: PaymentOrder, attempt: PaymentAttempt | null, ctx: ReconcileContext): Promise<Decision> {
    const trade = await this.trade(this.gatewayNo(order, attempt));
    const card = order.method === 'credit';
    const { abandoned } = ctx;
    const cancel = (by: 'expired' | 'abandoned', why: string): Decision => ({ outcome: { kind: 'cancel', by, why } });
    const skip = (why: string): Decision => ({ outcome: { kind: 'skip', why } });
    if (!trade) {
      // QUERY03001: PAYUNi has no such trade, so nothing can have been paid.
      if (card && abandoned) return cancel('abandoned', 'no trade at PAYUNi (card page never used)');
      if (!card && expired(order, ctx.now)) return cancel('expired', 'no trade at PAYUNi, code expired');
      if (!card && !order.paymentCode && abandoned) return cancel('abandoned', 'no code was ever issued');
      return skip('no trade at PAYUNi yet');
    }
    if (trade.dataSource === 'B') return skip('DataSource B: ask again later');
    if (trade.tradeAmt !== order.totalAmount) {
      this.logger.error(`reconciliation of ${order.merTradeNo}: PAYUNi TradeAmt ${trade.tradeAmt} ≠ order total ${order.totalAmount}; left for staff`);
      return skip('amount mismatch');
    }
    const notification = { tradeNo: trade.tradeNo || `mer:${order.merTradeNo}`, amount: trade.tradeAmt, status: String(trade.tradeStatus), raw: trade.raw };
    switch (trade.tradeStatus) {
      case 1:
        return {
          outcome: {
            kind: 'apply',
            why: 'paid at PAYUNi',
            event: {
              effect: 'paid',
              source: 'query',
              notification,
              paid: { tradeNo: trade.tradeNo, amount: trade.tradeAmt, raw: trade.raw },
              attempt: { status: 'paid', tradeNo: trade.tradeNo, result: { source: 'query', TradeStatus: 1 } },
            },
          },
        };
      case 2:
      case 3:
      case 4:
        return {
          outcome: {
            kind: 'apply',
            why: `TradeStatus ${trade.tradeStatus} at PAYUNi`,
            event: {
              effect: 'closed',
              source: 'query',
              notification,
              onceOnly: false,
              cancelledBy: trade.tradeStatus === 4 ? 'expired' : 'payment-failed',
              attempt: { status: trade.tradeStatus === 2 ? 'failed' : 'cancelled', tradeNo: trade.tradeNo, result: { source: 'query', TradeStatus: trade.tradeStatus } },
            },
          },
        };
      case 0:
      case 9:
        if (card) return abandoned ? cancel('abandoned', `card unpaid (TradeStatus ${trade.tradeStatus}) after ${ctx.abandonMinutes} min`) : skip('card unpaid, not yet abandoned');
        return expired(order, ctx.now, trade) ? cancel('expired', `unpaid (TradeStatus ${trade.tradeStatus}) past ExpireDate`) : skip('unpaid, not yet expired');
      default:
        return skip(`TradeStatus ${trade.tradeStatus}`);
    }
  }

  /**
   * `cancel_cvs` of an unpaid 7-ELEVEN code. A 03xxx answer: PAYUNi has no open code by that number
   * (unknown, paid or already void) — nothing left to cancel, done. PAYUNi has no API to cancel an
   * ATM account: it lapses at its ExpireDate.
   */
  async cancelCode(attempt: PaymentAttempt): Promise<CancelCodeResult> {
    if (attempt.method !== 'cvs' || !attempt.payNo) return { outcome: 'unsupported' };
    try {
      const r = await this.payuni.cancelCvs({ payNo: attempt.payNo });
      return { outcome: 'done', record: { at: new Date().toISOString(), verifyCode: r.verifyCode } };
    } catch (err) {
      if (err instanceof PayuniError && /03\d{3}$/.test(err.code)) return { outcome: 'done', record: { at: new Date().toISOString(), answer: err.code } };
      throw providerError(err);
    }
  }

  // ---- card refunds ---------------------------------------------------------------------------

  /**
   * Query first: captured (CloseStatus 2) → refund (`trade/close` CloseType 2); authorised only
   * (1) → void the whole (`trade/cancel`), or capture then refund a part. A failure we cannot
   * classify (network, timeout) is checked against PAYUNi's RefundAmt.
   */
  async refund(order: PaymentOrder, amount: number): Promise<RefundResult> {
    const expectedTotal = order.refundedAmount + amount;
    let trade: TradeRecord | null;
    try {
      trade = await this.paidTrade(order);
    } catch (err) {
      // Nothing was asked of the gateway yet: safe to call it failed (staff may try again).
      return { kind: 'failed', message: `${REFUND_MSG.refundFailed}：${describe(err)}`, raw: { error: describe(err) } };
    }
    if (!trade || trade.tradeStatus !== 1) return { kind: 'failed', message: `${REFUND_MSG.refundFailed}：查無已付款的信用卡交易`, raw: { tradeStatus: trade?.tradeStatus ?? null } };
    const tradeNo = trade.tradeNo;
    try {
      if (trade.closeStatus === 2) {
        const r = await this.payuni.tradeClose({ tradeNo, closeType: 2, tradeAmt: amount });
        return { kind: 'done', method: 'credit-refund', ref: r.tradeNo, raw: { closeType: 2, ...r.raw } };
      }
      if (trade.closeStatus === 1) {
        if (amount === trade.tradeAmt && !trade.refundAmt) {
          const r = await this.payuni.tradeCancel({ tradeNo });
          return { kind: 'done', method: 'credit-void', ref: r.tradeNo, raw: { cancel: true, ...r.raw } };
        }
        await this.payuni.tradeClose({ tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
        const r = await this.payuni.tradeClose({ tradeNo, closeType: 2, tradeAmt: amount });
        return { kind: 'done', method: 'credit-refund', ref: r.tradeNo, raw: { captured: trade.tradeAmt, closeType: 2, ...r.raw } };
      }
      if (trade.closeStatus === 7) return { kind: 'failed', message: REFUND_MSG.creditClosing, raw: { closeStatus: 7 } };
      return { kind: 'failed', message: `${REFUND_MSG.refundFailed}：此信用卡交易無法退款（CloseStatus ${trade.closeStatus ?? '—'}）`, raw: { closeStatus: trade.closeStatus ?? null } };
    } catch (err) {
      if (err instanceof PayuniError && !err.retryable) return { kind: 'failed', message: `${REFUND_MSG.refundFailed}：${err.message}`, raw: { error: err.message, code: err.code } };
      return this.checkRefund(order, expectedTotal, amount, err);
    }
  }

  /** After a lost answer: did PAYUNi refund it? Its RefundAmt (or a void of the whole) tells. */
  async checkRefund(order: PaymentOrder, expectedTotal: number, amount: number, cause: unknown): Promise<RefundResult> {
    try {
      const trade = await this.paidTrade(order);
      if (trade && ((trade.refundAmt ?? 0) >= expectedTotal || (trade.tradeStatus === 3 && amount === order.totalAmount))) {
        return { kind: 'done', method: trade.tradeStatus === 3 ? 'credit-void' : 'credit-refund', ref: trade.tradeNo, raw: { confirmedByQuery: true, refundAmt: trade.refundAmt ?? 0 } };
      }
      if (trade) return { kind: 'failed', message: `${REFUND_MSG.refundFailed}：${describe(cause)}`, raw: { error: describe(cause), refundAmt: trade.refundAmt ?? 0 } };
    } catch {
      // still unknown
    }
    return { kind: 'unknown', message: REFUND_MSG.refundUnknown, raw: { error: describe(cause) } };
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** The MerTradeNo the order's latest PAYUNi attempt used (a retried payment has its own), else the order's. */
  private gatewayNo(order: PaymentOrder, attempt: PaymentAttempt | null): string {
    return attempt && attempt.gateway === this.gateway && attempt.merTradeNo ? attempt.merTradeNo : order.merTradeNo;
  }

  /** `trade/query` by our order number (or by PAYUNi's TradeNo): the trade, or null when PAYUNi has none (QUERY03001). Other failures throw PayuniError. */
  private async trade(merTradeNo: string, tradeNo?: string): Promise<TradeRecord | null> {
    try {
      const { trades } = await this.payuni.tradeQuery(tradeNo ? { tradeNo } : { merTradeNo });
      return (tradeNo ? trades.find((t) => t.tradeNo === tradeNo) : trades.find((t) => t.merTradeNo === merTradeNo)) ?? trades[0] ?? null;
    } catch (err) {
      if (err instanceof PayuniError && err.code === 'QUERY03001') return null;
      throw err;
    }
  }

  /**
   * The card trade that paid the order (refunds): by the TradeNo recorded when it was paid — a
   * retried payment was made under its own MerTradeNo — else by the order's number.
   */
  private async paidTrade(order: PaymentOrder): Promise<TradeRecord | null> {
    const paidTradeNo = /^[A-Za-z0-9_-]{1,40}$/.test(order.tradeNo) ? order.tradeNo : '';
    return (paidTradeNo ? await this.trade(order.merTradeNo, paidTradeNo) : null) ?? this.trade(order.merTradeNo);
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw providerError(err);
    }
  }
}

/** ATM/CVS past their ExpireDate (ours, or PAYUNi's OffExpireTime when we have none). */
function expired(order: PaymentOrder, now: Date, trade?: TradeRecord): boolean {
  const at = order.expireDate ? new Date(order.expireDate) : trade?.offExpireTime ? parseTaipeiTimestamp(trade.offExpireTime) : undefined;
  return at !== undefined && !Number.isNaN(at.getTime()) && now.getTime() > at.getTime();
}

function codeExpiry(answered: string, asked: string): Date {
  return parseTaipeiTimestamp(answered) ?? parseTaipeiTimestamp(asked) ?? new Date(Date.now() + CODE_EXPIRE_DAYS * 86400_000);
}

/** The answer without anything sensitive (PAYUNi answers carry none, but keep the habit). */
function safeRaw(raw: Record<string, string>): Record<string, string> {
  const { HashKey: _k, HashIV: _i, ...rest } = raw;
  return rest;
}

function providerError(err: unknown): unknown {
  return err instanceof PayuniError ? new PaymentProviderError(err.message, err.retryable, err.code) : err;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
