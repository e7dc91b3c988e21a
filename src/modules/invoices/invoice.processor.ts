import { Inject, Injectable, Logger } from '@nestjs/common';
import { In } from 'typeorm';
import { Transactions } from '../../common/transactions/transactions';
import { AMEGO_CODE } from '../../integrations/amego/amego-protocol';
import { AmegoError, type InvoiceGateway, type IssuedInvoice } from '../../integrations/amego/invoice-gateway';
import { INVOICE_GATEWAY } from '../../integrations/providers/provider-tokens';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { OrderStateService } from '../orders/order-state.service';
import { ALLOWANCE_STATUS } from './allowance-rules';
import { InvoiceAllowance } from './entities/invoice-allowance.entity';
import { Invoice } from './entities/invoice.entity';
import { invoiceRequestOf, notInvoiceable } from './invoice-request';
import { describeInvoiceError, isPermanentInvoiceError } from './invoice-errors';

/** invoices.status values. */
export const INVOICE_STATUS = { pending: 'pending', issued: 'issued', failed: 'failed', void: 'void' } as const;

/**
 * The e-invoice jobs (Amego through `INVOICE_GATEWAY`). One `invoices` row per order records
 * what happened; Amego's OrderId (= MerTradeNo) is unique, so a repeated issue — a retry after a
 * lost answer, two runs at once — gets the invoice already issued (3040171, looked up by the
 * client) instead of a second one.
 *
 * Failures: a retryable one (network, 5xx, time skew) keeps the row `pending` with `last_error` and
 * throws, so the queue backs off and tries again. A permanent refusal (a carrier or 愛心碼 the tax
 * platform rejects, a wrong seller key or IP) marks the row and the order `failed` at once — the
 * back-office sees it — and still throws: a configuration fixed by an operator then heals by
 * itself on a later attempt, and a job that stays refused ends `failed` in the outbox (job.failed
 * alert; an operator retries it once the order's invoice data is corrected).
 */
@Injectable()
export class InvoiceProcessor {
  private readonly logger = new Logger(InvoiceProcessor.name);

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    @Inject(INVOICE_GATEWAY) private readonly gateway: InvoiceGateway,
  ) {}

  @JobHandler(JobName.InvoiceIssue)
  async issue(job: JobOf<'invoice.issue'>): Promise<void> {
    const { orderId } = job.data;
    const found = await this.orders.withItems(orderId);
    if (!found) {
      this.logger.warn(`invoice for order #${orderId} skipped: no such order`);
      return;
    }
    const { order } = found;
    const row = await this.row(orderId);
    if (row?.status === INVOICE_STATUS.issued) {
      // Recorded by an earlier run; make sure the order shows it (that run may have stopped between the two writes — they share a transaction, so only an older row).
      if (order.invoice_no !== row.invoice_no || order.invoice_status !== INVOICE_STATUS.issued) {
        await this.orders.setInvoice(orderId, { invoiceNo: row.invoice_no, status: INVOICE_STATUS.issued });
      }
      return;
    }
    if (row?.status === INVOICE_STATUS.void) return;
    const why = notInvoiceable(order);
    if (why) {
      this.logger.log(`invoice for order #${orderId} not issued: ${why}`);
      return;
    }

    await this.tx.manager.createQueryBuilder().insert().into(Invoice).values({ order_id: orderId, status: INVOICE_STATUS.pending }).orIgnore().execute();
    let issued: IssuedInvoice;
    try {
      // The stored adjustments become the invoice's negative lines.
      const adjustments = await this.orders.adjustmentsOf(orderId);
      issued = await this.gateway.issue(invoiceRequestOf(found, adjustments));
    } catch (err) {
      await this.recordFailure(orderId, err);
      throw err;
    }
    await this.recordIssued(orderId, issued);
  }

  /**
   * Voids an order's invoice (f0501) for the back-office's refund flow. Idempotent by the row:
   * already `void` → nothing; Amego's 3050122 (already void: a run whose answer was lost) counts
   * as done. Not issued yet → Amego is asked by order (an issue whose answer was lost) and the row
   * is marked `void`, so a later issue run issues nothing.
   */
  @JobHandler(JobName.InvoiceVoid)
  async void(job: JobOf<'invoice.void'>): Promise<void> {
    const { orderId, reason } = job.data;
    const order = await this.orders.findById(orderId);
    if (!order) {
      this.logger.warn(`invoice void for order #${orderId} skipped: no such order`);
      return;
    }
    const row = await this.row(orderId);
    if (row?.status === INVOICE_STATUS.void) return;
    let invoiceNo = row?.status === INVOICE_STATUS.issued ? row.invoice_no : '';
    if (!invoiceNo) {
      const record = await this.gateway.query(order.mer_trade_no);
      if (record && !record.voided) invoiceNo = record.invoiceNumber;
    }
    if (invoiceNo) await this.voidAtAmego(invoiceNo, reason);
    await this.tx.run(async () => {
      await this.tx.manager.createQueryBuilder().insert().into(Invoice).values({ order_id: orderId, status: INVOICE_STATUS.pending }).orIgnore().execute();
      const from = invoiceNo ? [INVOICE_STATUS.pending, INVOICE_STATUS.failed, INVOICE_STATUS.issued] : [INVOICE_STATUS.pending, INVOICE_STATUS.failed];
      const res = await this.tx
        .repo(Invoice)
        .update({ order_id: orderId, status: In(from) }, { status: INVOICE_STATUS.void, voided_at: new Date(), ...(invoiceNo ? { invoice_no: invoiceNo } : {}) });
      if (!res.affected) {
        // An issue run recorded its invoice between our read and now: the retry voids that number.
        if ((await this.row(orderId))?.status === INVOICE_STATUS.issued) throw new Error(`invoice of order #${orderId} was issued while voiding; retrying`);
        return;
      }
      await this.orders.setInvoice(orderId, { invoiceNo: invoiceNo || order.invoice_no, status: INVOICE_STATUS.void });
      // An allowance not issued yet has nothing left to reduce: the member's consent link now says it is cancelled.
      await this.tx
        .repo(InvoiceAllowance)
        .update({ order_id: orderId, status: In([ALLOWANCE_STATUS.awaitingConsent, ALLOWANCE_STATUS.pending, ALLOWANCE_STATUS.failed]) }, { status: ALLOWANCE_STATUS.void, last_error: '發票已作廢' });
    });
  }

  private row(orderId: number): Promise<Invoice | null> {
    return this.tx.repo(Invoice).findOne({ where: { order_id: orderId } });
  }

  private async voidAtAmego(invoiceNo: string, reason: string): Promise<void> {
    try {
      await this.gateway.void(invoiceNo, reason || '訂單取消');
    } catch (err) {
      if (err instanceof AmegoError && err.code === AMEGO_CODE.VOID_ALREADY) return;
      if (err instanceof AmegoError && err.code === AMEGO_CODE.VOID_HAS_ALLOWANCE) {
        // An invoice with an issued allowance stays; what is left of it is given back by another allowance, not a void.
        this.logger.error(`invoice ${invoiceNo} cannot be voided: it has an allowance (3050141); refund the rest with an allowance`);
      }
      throw err;
    }
  }

  private async recordIssued(orderId: number, issued: IssuedInvoice): Promise<void> {
    const raw = { invoiceNumber: issued.invoiceNumber, invoiceTime: issued.invoiceTime, randomNumber: issued.randomNumber, alreadyIssued: issued.alreadyIssued };
    const voidedMeanwhile = await this.tx.run(async () => {
      const res = await this.tx.repo(Invoice).update(
        { order_id: orderId, status: In([INVOICE_STATUS.pending, INVOICE_STATUS.failed]) },
        {
          status: INVOICE_STATUS.issued,
          invoice_no: issued.invoiceNumber,
          random_number: issued.randomNumber.slice(0, 4),
          issued_at: issued.invoiceTime > 0 ? new Date(issued.invoiceTime * 1000) : new Date(),
          last_error: '',
          raw,
        },
      );
      if (res.affected) {
        await this.orders.setInvoice(orderId, { invoiceNo: issued.invoiceNumber, status: INVOICE_STATUS.issued });
        return false;
      }
      // Another run recorded it first (same number: nothing to do), or the back-office voided the order's invoice meanwhile.
      return (await this.row(orderId))?.status === INVOICE_STATUS.void;
    });
    if (issued.alreadyIssued) this.logger.log(`invoice ${issued.invoiceNumber} of order #${orderId} was already issued at Amego (3040171); recorded`);
    if (voidedMeanwhile) {
      this.logger.warn(`invoice ${issued.invoiceNumber} of order #${orderId} was issued while its void ran; voiding it too`);
      await this.voidAtAmego(issued.invoiceNumber, '訂單已作廢');
      await this.tx.repo(Invoice).update({ order_id: orderId }, { invoice_no: issued.invoiceNumber, raw });
    }
  }

  private async recordFailure(orderId: number, err: unknown): Promise<void> {
    const lastError = describeInvoiceError(err).slice(0, 255);
    const permanent = isPermanentInvoiceError(err);
    await this.tx.run(async () => {
      await this.tx
        .repo(Invoice)
        .update({ order_id: orderId, status: In([INVOICE_STATUS.pending, INVOICE_STATUS.failed]) }, { last_error: lastError, ...(permanent ? { status: INVOICE_STATUS.failed } : {}) });
      if (permanent) await this.orders.setInvoice(orderId, { invoiceNo: '', status: INVOICE_STATUS.failed });
    });
    if (permanent) this.logger.error(`invoice for order #${orderId} refused: ${lastError}`);
    else this.logger.warn(`invoice for order #${orderId} not issued yet (will retry): ${lastError}`);
  }
}
