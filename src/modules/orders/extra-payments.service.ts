import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { ExtraPaymentView } from '../../common/api/admin';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { PaymentProviderRegistry } from '../payments/payment-provider.registry';
import { ExtraPayment } from './entities/extra-payment.entity';
import type { Order } from './entities/order.entity';
import { REFUND_ALERT_TYPE } from './order-state.constants';

/** An extra_payments row, for the refunds module (which may not import this module's entities). */
export type ExtraPaymentRow = ExtraPayment;

/** Why money is extra (extra_payments.source). */
export type ExtraPaymentSource = 'after-refund' | 'paid-twice' | 'old-amount';

export const EXTRA_PAYMENT_SOURCE_LABEL: Record<ExtraPaymentSource, string> = {
  'after-refund': '訂單全額退款後收到的付款',
  'paid-twice': '訂單已付款後另一筆付款（重複付款）',
  'old-amount': '訂單改價後以原金額繳費',
};

export const EXTRA_PAYMENT_STATUS_LABEL: Record<string, string> = { open: '待退款', pending: '退款處理中', refunded: '已退款' };

/** zh-TW answers of the extra-payment refund (the spec is silent; decided here). */
export const EXTRA_PAYMENT_MSG = {
  notFound: '找不到這筆額外付款',
  refunded: '這筆額外付款已退款',
  inProgress: '這筆額外付款正在退款中，請稍後再查看結果',
  bankRequired: '請填寫退款的銀行代碼、帳號與戶名',
  done: '額外付款已退款',
  transferred: '已記錄銀行轉帳退款',
} as const;

export interface ExtraPaymentInput {
  order: Pick<Order, 'id' | 'mer_trade_no' | 'payment'>;
  source: ExtraPaymentSource;
  method: string;
  gateway: string;
  merTradeNo: string;
  tradeNo: string;
  amount: number;
  raw?: unknown;
}

/** The staff alert of an old amount paid after re-pricing (ids and amounts only, no personal data). */
export function oldAmountAlert(order: Pick<Order, 'id' | 'mer_trade_no'>, amount: number, merTradeNo: string, tradeNo: string): string {
  return `【待退款】訂單 #${order.id}（${order.mer_trade_no}）改價後，舊的繳費資訊（${merTradeNo}）收到原金額 NT$ ${amount.toLocaleString('en-US')}（交易序號 ${tradeNo || '—'}），訂單未因此付款，請至後台退還這筆款項。`;
}

/**
 * Extra money received for an order that must go back to the payer (issue 19 §8; table
 * extra_payments). OrderPaymentsService records it in the transaction that records the gateway's
 * notification — once per gateway trade — and the refunds module refunds it through the order's
 * PaymentProvider registry (ExtraPaymentRefunds) with `claim` / `settle`, never touching the
 * order's refunded_amount. Every method joins the caller's transaction.
 */
@Injectable()
export class ExtraPayments {
  private readonly logger = new Logger('ExtraPayments');

  constructor(
    private readonly tx: Transactions,
    private readonly outbox: Outbox,
    private readonly registry: PaymentProviderRegistry,
  ) {}

  /** Records the payment once (same gateway + trade: the first row); `alert`: enqueue the staff alert (sources whose caller has none). */
  async record(input: ExtraPaymentInput, alert = false): Promise<ExtraPayment> {
    const tradeNo = (input.tradeNo || `mer:${input.merTradeNo}`).slice(0, 64);
    const repo = this.tx.repo(ExtraPayment);
    const seen = await repo.findOne({ where: { gateway: input.gateway, trade_no: tradeNo } });
    if (seen) return seen;
    const row = await repo.save(
      repo.create({
        order_id: input.order.id,
        source: input.source,
        method: (input.method || input.order.payment).slice(0, 20),
        gateway: input.gateway.slice(0, 20),
        mer_trade_no: (input.merTradeNo || input.order.mer_trade_no).slice(0, 32),
        trade_no: tradeNo,
        amount: input.amount,
        status: 'open',
        raw: input.raw ?? null,
        refunded_by: null,
        refunded_at: null,
      }),
    );
    if (alert) {
      await this.outbox.enqueue(
        JobName.TelegramNotify,
        { settingType: REFUND_ALERT_TYPE, text: oldAmountAlert(input.order, input.amount, row.mer_trade_no, input.tradeNo) },
        { jobId: `alert-extra-payment:${row.id}` },
      );
    }
    this.logger.warn(`order #${input.order.id}: extra payment NT$ ${input.amount} (${input.source}, ${row.gateway} ${tradeNo}) recorded for a refund`);
    return row;
  }

  async listForOrder(orderId: number): Promise<ExtraPaymentView[]> {
    const rows = await this.tx.repo(ExtraPayment).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    return rows.map((r) => toExtraPaymentView(r, this.manual(r.method)));
  }

  /** Refunded by a bank transfer staff make (ATM, CVS), not at a gateway. */
  manual(method: string): boolean {
    return !this.registry.has(method) || this.registry.refundsFor(method).manual;
  }

  find(id: number): Promise<ExtraPayment | null> {
    return this.tx.repo(ExtraPayment).findOne({ where: { id } });
  }

  /** open → pending (one refund at a time): the row, or throws 404 / 409 with the reason. */
  async claim(id: number): Promise<ExtraPayment> {
    const res = await this.tx.repo(ExtraPayment).update({ id, status: 'open' }, { status: 'pending', message: '' });
    const row = await this.find(id);
    if (!row) throw new NotFoundError(EXTRA_PAYMENT_MSG.notFound);
    if (res.affected !== 1) throw new AppError(row.status === 'refunded' ? EXTRA_PAYMENT_MSG.refunded : EXTRA_PAYMENT_MSG.inProgress, HttpStatus.CONFLICT);
    return row;
  }

  /** The outcome of a pending refund: refunded, back to open (failed, with the message), or left pending (unknown). Only a pending row changes. */
  async settle(
    id: number,
    r: { kind: 'done'; method: string; ref: string; by: { id: number | null; name: string }; raw?: unknown } | { kind: 'failed' | 'unknown'; message: string; raw?: unknown },
  ): Promise<ExtraPayment> {
    const repo = this.tx.repo(ExtraPayment);
    if (r.kind === 'done') {
      await repo.update(
        { id, status: 'pending' },
        { status: 'refunded', refund_method: r.method.slice(0, 20), refund_ref: r.ref.slice(0, 64), message: '', refunded_by: r.by.id, refunded_by_name: r.by.name.slice(0, 50), refunded_at: new Date(), raw: (r.raw ?? null) as object },
      );
    } else {
      await repo.update({ id, status: 'pending' }, { status: r.kind === 'failed' ? 'open' : 'pending', message: r.message.slice(0, 255), raw: (r.raw ?? null) as object });
    }
    return (await this.find(id))!;
  }
}

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

/** A row as staff see it (its manual flag is the refunder's: ATM / CVS go back by bank transfer). */
export function toExtraPaymentView(r: ExtraPayment, manual: boolean): ExtraPaymentView {
  return {
    id: r.id,
    order_id: r.order_id,
    source: r.source,
    source_label: EXTRA_PAYMENT_SOURCE_LABEL[r.source as ExtraPaymentSource] ?? r.source,
    method: r.method,
    mer_trade_no: r.mer_trade_no,
    trade_no: r.trade_no,
    amount: r.amount,
    status: r.status,
    status_label: EXTRA_PAYMENT_STATUS_LABEL[r.status] ?? r.status,
    manual,
    refund_method: r.refund_method,
    refund_ref: r.refund_ref,
    message: r.message,
    refunded_by: r.refunded_by_name,
    refunded_at: iso(r.refunded_at),
    created_at: iso(r.created_at)!,
  };
}
