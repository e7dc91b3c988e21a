import { HttpStatus, Injectable } from '@nestjs/common';
import type { ExtraPaymentView } from '../../common/api/admin';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { maskAccount } from '../../common/validation/admin';
import { AuditTrail } from '../audit/audit-trail.service';
import { EXTRA_PAYMENT_MSG, ExtraPayments, toExtraPaymentView, type ExtraPaymentRow as ExtraPayment } from '../orders/extra-payments.service';
import type { PaymentOrder, RefundResult } from '../payments/payment-provider';
import { PaymentProviderRegistry } from '../payments/payment-provider.registry';
import { METHOD_LABEL } from './refunds.service';

export interface ExtraRefundOutcome {
  extraPayment: ExtraPaymentView;
  ok: boolean;
  message: string;
}

/**
 * Staff refund an extra payment (extra_payments, issue 19 §8) through the same provider path as an
 * order's refund: the paid attempt's method picks the RefundProvider (card → PAYUNi card refund,
 * LINE Pay → its refund API, against THAT payment's trade; ATM / CVS → a bank transfer staff make
 * and record with the account). The order's refunded_amount, status and invoice are not touched:
 * this money was never the order's.
 *
 * 1. `claim`: open → pending (one refund at a time; refunded / in progress → 409).
 * 2. The gateway call outside any transaction (a pending row asked again checks the gateway first).
 * 3. `settle`: refunded, back to open with the gateway's message, or left pending (answer lost).
 * Every step is audited on the order (order.extra-payment-refund).
 */
@Injectable()
export class ExtraPaymentRefunds {
  constructor(
    private readonly tx: Transactions,
    private readonly extras: ExtraPayments,
    private readonly providers: PaymentProviderRegistry,
    private readonly audit: AuditTrail,
  ) {}

  async refund(admin: SessionAdmin, id: number, bank?: { bank_code: string; account: string; name: string }): Promise<ExtraRefundOutcome> {
    if (this.tx.active) throw new Error('ExtraPaymentRefunds.refund() calls a gateway: call it outside a transaction');
    const first = await this.extras.find(id);
    if (!first) throw new NotFoundError(EXTRA_PAYMENT_MSG.notFound);
    if (first.status === 'refunded') throw new AppError(EXTRA_PAYMENT_MSG.refunded, HttpStatus.CONFLICT);
    if (!this.providers.has(first.method)) throw new AppError(EXTRA_PAYMENT_MSG.notFound, HttpStatus.CONFLICT);
    const refunder = this.providers.refundsFor(first.method);
    const by = { id: admin.id, name: admin.username };

    if (refunder.manual) {
      if (!bank) throw new AppError(EXTRA_PAYMENT_MSG.bankRequired, HttpStatus.BAD_REQUEST);
      const row = await this.tx.run(async () => {
        await this.extras.claim(id);
        const done = await this.extras.settle(id, { kind: 'done', method: refunder.method, ref: `${bank.bank_code}-${maskAccount(bank.account)}`, by, raw: { bank_code: bank.bank_code, account: maskAccount(bank.account), name: bank.name.slice(0, 50) } });
        await this.audited(admin, done, 'open', EXTRA_PAYMENT_MSG.transferred);
        return done;
      });
      return { extraPayment: this.view(row), ok: true, message: EXTRA_PAYMENT_MSG.transferred };
    }

    // A pending row (an earlier answer lost) is asked at the gateway first; an open one is claimed.
    const claimed = first.status === 'pending' ? first : await this.tx.run(() => this.extras.claim(id));
    const po = paymentOrderOfExtra(claimed);
    const result: RefundResult =
      first.status === 'pending' ? await refunder.checkRefund(po, claimed.amount, claimed.amount, new Error('answer lost')) : await refunder.refund(po, claimed.amount);
    const row = await this.tx.run(async () => {
      const saved = await this.extras.settle(id, result.kind === 'done' ? { kind: 'done', method: result.method, ref: result.ref, by, raw: result.raw } : { kind: result.kind, message: result.message, raw: result.raw });
      await this.audited(admin, saved, 'pending', result.kind === 'done' ? '' : result.message);
      return saved;
    });
    if (result.kind === 'done') return { extraPayment: this.view(row), ok: true, message: EXTRA_PAYMENT_MSG.done };
    return { extraPayment: this.view(row), ok: false, message: result.message };
  }

  private view(r: ExtraPayment): ExtraPaymentView {
    return toExtraPaymentView(r, this.extras.manual(r.method));
  }

  private audited(admin: SessionAdmin, r: ExtraPayment, from: string, message: string): Promise<void> {
    const how = METHOD_LABEL[r.refund_method as keyof typeof METHOD_LABEL] ?? r.refund_method;
    return this.audit.record({
      admin,
      action: 'order.extra-payment-refund',
      entity: 'order',
      entityId: r.order_id,
      changes: { extra_payment_id: [r.id, r.id], extra_payment_status: [from, r.status], amount: [r.amount, r.amount], ...(message ? { message: ['', message] } : {}) },
      summary: r.status === 'refunded' ? `額外付款退款 NT$ ${r.amount.toLocaleString('en-US')}（${how}）` : `額外付款退款未完成 NT$ ${r.amount.toLocaleString('en-US')}：${message || '結果未確認'}`,
    });
  }
}

/** The extra payment as its provider sees it: its own trade and amount (not the order's). */
export function paymentOrderOfExtra(r: ExtraPayment): PaymentOrder {
  return {
    id: r.order_id,
    merTradeNo: r.mer_trade_no,
    method: r.method,
    totalAmount: r.amount,
    refundedAmount: 0,
    tradeNo: r.trade_no.startsWith('mer:') ? '' : r.trade_no,
    paymentCode: '',
    expireDate: null,
    createdAt: new Date(r.created_at),
    paid: true,
    pending: false,
  };
}
