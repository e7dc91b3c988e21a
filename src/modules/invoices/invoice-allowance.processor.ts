import { Inject, Injectable, Logger } from '@nestjs/common';
import { In } from 'typeorm';
import { Transactions } from '../../common/transactions/transactions';
import { CONSUMER_BUYER_ID } from '../../integrations/amego/amego-protocol';
import { type AllowanceRequest, type InvoiceGateway, type IssuedAllowance } from '../../integrations/amego/invoice-gateway';
import { INVOICE_GATEWAY } from '../../integrations/providers/provider-tokens';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { OrderStateService } from '../orders/order-state.service';
import { ALLOWANCE_STATUS, taipeiYmd, type StoredAllowanceLine } from './allowance-rules';
import { InvoiceAllowance } from './entities/invoice-allowance.entity';
import { Invoice } from './entities/invoice.entity';
import { describeInvoiceError, isPermanentInvoiceError } from './invoice-errors';

/**
 * `invoice.allowance` (job id `allowance:<id>`): issues an allowance the member agreed to at
 * Amego (g0401) against the order's issued invoice. Idempotent: an `issued` or `void` row is left
 * alone; our AllowanceNumber is unique at Amego, so a retry after a lost answer finds the one
 * already issued (the client looks it up) instead of a second.
 *
 * Failures: the invoice not issued yet, the network, a 5xx → the row stays `pending` with
 * `last_error` and the job throws (the queue backs off and retries). A permanent refusal (our
 * validation, a non-retryable Amego code, the invoice voided meanwhile) → `failed` with
 * `last_error`, visible on the admin order, and the job throws: an operator retries it from the
 * jobs page once the cause is fixed (a failed row may be issued again).
 */
@Injectable()
export class InvoiceAllowanceProcessor {
  private readonly logger = new Logger(InvoiceAllowanceProcessor.name);

  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    @Inject(INVOICE_GATEWAY) private readonly gateway: InvoiceGateway,
  ) {}

  @JobHandler(JobName.InvoiceAllowance)
  async issue(job: JobOf<'invoice.allowance'>): Promise<void> {
    const repo = this.tx.repo(InvoiceAllowance);
    const row = await repo.findOne({ where: { id: job.data.allowanceId } });
    if (!row) return void this.logger.warn(`allowance #${job.data.allowanceId} skipped: no such row`);
    if (row.status !== ALLOWANCE_STATUS.pending && row.status !== ALLOWANCE_STATUS.failed) {
      if (row.status === ALLOWANCE_STATUS.awaitingConsent) this.logger.warn(`allowance ${row.allowance_no} not issued: no consent yet`);
      return;
    }
    const order = await this.orders.findById(row.order_id);
    const invoice = await this.tx.repo(Invoice).findOne({ where: { order_id: row.order_id } });
    if (!order) return this.fail(row, new Error('the order is gone'), true);
    if (invoice?.status === 'void') return this.fail(row, new Error(`invoice ${invoice.invoice_no} is void: no allowance`), true);
    if (invoice?.status !== 'issued' || !invoice.invoice_no) return this.fail(row, new Error('the invoice is not issued yet'), false);

    const company = order.invoice_type === 'Company';
    const request: AllowanceRequest = {
      allowanceNumber: row.allowance_no,
      allowanceDate: taipeiYmd(new Date()),
      invoiceNumber: invoice.invoice_no,
      invoiceDate: taipeiYmd(invoice.issued_at ?? invoice.created_at),
      buyerIdentifier: company ? order.tax_id : CONSUMER_BUYER_ID,
      buyerName: company ? order.company_name : order.buy_name,
      buyerEmail: order.buy_email,
      items: (row.items as StoredAllowanceLine[]).map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, amount: l.amount, tax: l.tax })),
    };
    let issued: IssuedAllowance;
    try {
      issued = await this.gateway.allowance(request);
    } catch (err) {
      return this.fail(row, err, isPermanentInvoiceError(err));
    }
    await repo.update(
      { id: row.id, status: In([ALLOWANCE_STATUS.pending, ALLOWANCE_STATUS.failed]) },
      {
        status: ALLOWANCE_STATUS.issued,
        invoice_no: invoice.invoice_no,
        issued_at: new Date(),
        last_error: '',
        raw: { allowanceNumber: issued.allowanceNumber, allowanceDate: request.allowanceDate, totalAmount: issued.totalAmount, taxAmount: issued.taxAmount, alreadyIssued: issued.alreadyIssued },
      },
    );
    this.logger.log(`allowance ${row.allowance_no} of order #${row.order_id} issued against ${invoice.invoice_no} (NT$ ${row.amount})`);
  }

  /** Records the error (permanent → `failed`) and throws, so the queue retries or ends the job failed. */
  private async fail(row: InvoiceAllowance, err: unknown, permanent: boolean): Promise<never> {
    const lastError = describeInvoiceError(err).slice(0, 255);
    await this.tx
      .repo(InvoiceAllowance)
      .update({ id: row.id, status: In([ALLOWANCE_STATUS.pending, ALLOWANCE_STATUS.failed]) }, { last_error: lastError, ...(permanent ? { status: ALLOWANCE_STATUS.failed } : {}) });
    if (permanent) this.logger.error(`allowance ${row.allowance_no} of order #${row.order_id} refused: ${lastError}`);
    else this.logger.warn(`allowance ${row.allowance_no} of order #${row.order_id} not issued yet (will retry): ${lastError}`);
    throw err instanceof Error ? err : new Error(lastError);
  }
}
