import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Not } from 'typeorm';
import type { AllowanceConsentView, AllowanceView } from '../../common/api/invoice-allowances';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { allocate } from '../../common/money/allocate';
import { Transactions } from '../../common/transactions/transactions';
import { JobName } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { OrderStateService } from '../orders/order-state.service';
import {
  ALLOWANCE_STATUS,
  allowanceLinesOf,
  CONSENT_TOKEN,
  decideInvoiceAction,
  type InvoiceAction,
  newAllowanceNumber,
  newConsentToken,
  type RefundLine,
  type StoredAllowanceLine,
} from './allowance-rules';
import { InvoiceAllowance } from './entities/invoice-allowance.entity';
import { Invoice } from './entities/invoice.entity';

/** The consent page's and the API's words (zh-TW). */
export const ALLOWANCE_MSG = {
  notFound: '找不到這筆電子折讓，請確認連結是否完整',
  cancelled: '這筆電子折讓已取消，無需同意',
  agreed: '已同意電子折讓，我們將為您開立折讓單',
  alreadyAgreed: '您已同意這筆電子折讓',
} as const;

export interface OnRefundInput {
  orderId: number;
  refundId: number;
  /** The refund's goods lines; Σ amount + shippingAmount = the refund's amount. Absent: `amount` is spread over the order's lines. */
  lines?: RefundLine[];
  shippingAmount?: number;
  /** Only without `lines`: the refund's amount (tax included). */
  amount?: number;
  /** The refund takes the whole order at once. */
  full: boolean;
  /** Kept on a void (f0501 needs one). */
  reason?: string;
}

export interface OnRefundResult {
  action: InvoiceAction;
  allowanceId?: number;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * E-invoice allowances (折讓, issue 19 §4) of refunded orders. `onRefund` runs inside the refund's
 * transaction and decides void vs allowance vs nothing (allowance-rules.ts); an allowance waits
 * for the member's consent on the page the refund mail links to (同意電子折讓), which is stored
 * with time and IP and enqueues `invoice.allowance` (job id `allowance:<id>`,
 * InvoiceAllowanceProcessor) to issue it at Amego (g0401). Owns invoice_allowances; reads orders
 * through OrderStateService.
 */
@Injectable()
export class InvoiceAllowancesService {
  private readonly logger = new Logger(InvoiceAllowancesService.name);

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly outbox: Outbox,
  ) {}

  /**
   * A refund that moved money: void the invoice (`invoice.void`, job id `invoice-void:<orderId>`),
   * record an allowance awaiting consent, or nothing. Joins the caller's transaction; never calls
   * Amego. The same refund twice answers the same allowance.
   */
  async onRefund(input: OnRefundInput, now = new Date()): Promise<OnRefundResult> {
    return this.tx.run(async () => {
      const repo = this.tx.repo(InvoiceAllowance);
      const earlier = await repo.findOne({ where: { refund_id: input.refundId } });
      if (earlier) return { action: 'allowance', allowanceId: earlier.id };
      const found = await this.orders.withItems(input.orderId);
      if (!found) return { action: 'none' };
      const { order, items } = found;
      const invoice = await this.tx.repo(Invoice).findOne({ where: { order_id: order.id } });
      const liveAllowances = await repo.count({ where: { order_id: order.id, status: Not(ALLOWANCE_STATUS.void) } });
      const invoiceStatus = invoice?.status ?? (order.invoice_status === 'void' ? 'void' : '');
      const action = decideInvoiceAction({ invoiceStatus, issuedAt: invoice?.issued_at ?? null, liveAllowances }, input.full, now);
      if (action === 'none') return { action };
      if (action === 'void') {
        await this.outbox.enqueue(JobName.InvoiceVoid, { orderId: order.id, reason: (input.reason || '訂單退款').slice(0, 60) }, { jobId: `invoice-void:${order.id}` });
        return { action };
      }

      const source = items.map((i) => ({ id: i.id, title: i.title, variant_name: i.variant_name, quantity: i.quantity, amount: i.amount ?? i.price * i.quantity }));
      let lines = input.lines;
      let shipping = input.shippingAmount ?? 0;
      if (!lines) {
        // No lines named: the amount fills the goods first (by the largest remainder), then shipping.
        const amount = input.amount ?? 0;
        const goods = Math.min(amount, source.reduce((s, l) => s + l.amount, 0));
        const shares = goods > 0 ? allocate(goods, source.map((l) => l.amount), source.map((l) => l.amount)) : source.map(() => 0);
        lines = source.map((l, k) => ({ orderItemId: l.id, quantity: 0, amount: shares[k] }));
        shipping = amount - goods;
      }
      const stored = allowanceLinesOf(source, lines, shipping);
      if (stored.length === 0) return { action: 'none' };
      const row = await repo.save(
        repo.create({
          order_id: order.id,
          refund_id: input.refundId,
          allowance_no: newAllowanceNumber(now),
          invoice_no: invoice?.invoice_no ?? order.invoice_no ?? '',
          amount: stored.reduce((s, l) => s + l.gross, 0),
          tax_amount: stored.reduce((s, l) => s + l.tax, 0),
          status: ALLOWANCE_STATUS.awaitingConsent,
          consent_token: newConsentToken(),
          consented_at: null,
          consent_ip: '',
          items: stored,
          issued_at: null,
          last_error: '',
          raw: null,
        }),
      );
      this.logger.log(`allowance ${row.allowance_no} (NT$ ${row.amount}) of order #${order.id} awaits the member's consent`);
      return { action, allowanceId: row.id };
    });
  }

  /** The consent link's token and amount of a refund's allowance still awaiting consent (the refund mail), else null. */
  async consentLinkForRefund(refundId: number): Promise<{ token: string; amount: number } | null> {
    const row = await this.tx.repo(InvoiceAllowance).findOne({ where: { refund_id: refundId } });
    if (!row || row.status !== ALLOWANCE_STATUS.awaitingConsent) return null;
    return { token: row.consent_token, amount: row.amount };
  }

  /** An order's allowances, oldest first (admin order detail). */
  async listForOrder(orderId: number): Promise<AllowanceView[]> {
    const rows = await this.tx.repo(InvoiceAllowance).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    return rows.map((r) => ({
      id: r.id,
      refund_id: r.refund_id,
      allowance_no: r.allowance_no,
      invoice_no: r.invoice_no,
      amount: r.amount,
      tax_amount: r.tax_amount,
      status: r.status,
      consented_at: iso(r.consented_at),
      consent_ip: r.consent_ip,
      issued_at: iso(r.issued_at),
      last_error: r.last_error,
      created_at: iso(r.created_at)!,
    }));
  }

  /** The consent page: only the order number, the amount and the lines. */
  async viewByToken(token: string): Promise<AllowanceConsentView> {
    return this.consentView(await this.byToken(token));
  }

  /**
   * 同意電子折讓: stores the time and IP once (a conditional UPDATE from awaiting-consent) and
   * enqueues the issue; pressing again answers the same. A cancelled allowance refuses (409).
   */
  async consent(token: string, ip: string): Promise<{ view: AllowanceConsentView; message: string }> {
    return this.tx.run(async () => {
      const row = await this.byToken(token);
      if (row.status === ALLOWANCE_STATUS.void) throw new AppError(ALLOWANCE_MSG.cancelled, HttpStatus.CONFLICT);
      const repo = this.tx.repo(InvoiceAllowance);
      const res = await repo.update(
        { id: row.id, status: ALLOWANCE_STATUS.awaitingConsent },
        { status: ALLOWANCE_STATUS.pending, consented_at: new Date(), consent_ip: ip.slice(0, 45) },
      );
      if (!res.affected) return { view: this.consentView(row), message: ALLOWANCE_MSG.alreadyAgreed };
      await this.outbox.enqueue(JobName.InvoiceAllowance, { allowanceId: row.id }, { jobId: `allowance:${row.id}` });
      this.logger.log(`allowance ${row.allowance_no} of order #${row.order_id}: consent given`);
      return { view: this.consentView((await repo.findOne({ where: { id: row.id } }))!), message: ALLOWANCE_MSG.agreed };
    });
  }

  private async byToken(token: string): Promise<InvoiceAllowance> {
    if (typeof token !== 'string' || !CONSENT_TOKEN.test(token)) throw new NotFoundError(ALLOWANCE_MSG.notFound);
    const row = await this.tx.repo(InvoiceAllowance).findOne({ where: { consent_token: token } });
    if (!row) throw new NotFoundError(ALLOWANCE_MSG.notFound);
    return row;
  }

  private consentView(row: InvoiceAllowance): AllowanceConsentView {
    const lines = (Array.isArray(row.items) ? (row.items as StoredAllowanceLine[]) : []).map((l) => ({
      description: l.description,
      quantity: l.quantity,
      amount: l.gross,
    }));
    return { order_no: `#${row.order_id}`, amount: row.amount, lines, status: row.status, consented_at: iso(row.consented_at) };
  }
}
