import { ALLOWANCE_NUMBER, AMEGO_CODE, amegoForm, toF0401Data, toG0401Data, validateAllowance, validateInvoice } from './amego-protocol';
import {
  AllowanceRecord,
  AllowanceRequest,
  AmegoError,
  InvoiceGateway,
  InvoiceRecord,
  InvoiceRequest,
  InvoiceValidationError,
  IssuedAllowance,
  IssuedInvoice,
} from './invoice-gateway';

export interface AmegoClientOptions {
  /** Base URL, e.g. `https://invoice-api.amego.tw` or the simulator's; paths `/json/...` are appended. */
  apiUrl: string;
  /** Seller 統一編號 (`invoice` field). */
  taxId: string;
  appKey: string;
  timeoutMs?: number;
  /** Clock for `time` (tests). */
  now?: () => number;
}

/** Amego's JSON answer: `code` 0 = OK (sometimes a string), `msg`, plus call-specific fields. */
type AmegoAnswer = Record<string, unknown> & { code?: unknown; msg?: unknown };

const RETRYABLE_CODES = new Set<number>([AMEGO_CODE.TIME_SKEW]);

/**
 * Amego e-invoice over its form API (PROVIDERS.md §5): f0401 issue, f0501 void, invoice_query;
 * allowances (折讓) g0401 issue, g0501 void, allowance_query.
 */
export class AmegoClient implements InvoiceGateway {
  private readonly base: string;

  constructor(private readonly opts: AmegoClientOptions) {
    this.base = opts.apiUrl.replace(/\/+$/, '');
  }

  async issue(invoice: InvoiceRequest): Promise<IssuedInvoice> {
    validateInvoice(invoice);
    const data = toF0401Data(invoice);
    const answer = await this.call('/json/f0401', data, [AMEGO_CODE.ORDER_ID_USED]);
    if (codeOf(answer) === AMEGO_CODE.ORDER_ID_USED) {
      // Issued by an earlier attempt whose answer we lost: look it up instead of failing.
      const found = await this.query(invoice.orderId);
      if (!found) throw new AmegoError(AMEGO_CODE.ORDER_ID_USED, 'Amego says the OrderId is used but has no invoice for it', true);
      return { orderId: invoice.orderId, invoiceNumber: found.invoiceNumber, invoiceTime: found.invoiceTime, randomNumber: found.randomNumber, alreadyIssued: true };
    }
    const invoiceNumber = str(answer.invoice_number);
    if (!/^[A-Z]{2}\d{8}$/.test(invoiceNumber)) throw new AmegoError(null, 'Amego answered without an invoice number', true);
    return {
      orderId: invoice.orderId,
      invoiceNumber,
      invoiceTime: Number(answer.invoice_time) || 0,
      randomNumber: str(answer.random_number),
      alreadyIssued: false,
    };
  }

  async void(invoiceNumber: string, reason: string): Promise<void> {
    if (!/^[A-Z]{2}\d{8}$/.test(invoiceNumber)) throw new InvoiceValidationError('invoiceNumber', 'invoice number must be 2 capital letters and 8 digits');
    if (typeof reason !== 'string' || reason.trim() === '') throw new InvoiceValidationError('reason', 'a void needs a reason');
    await this.call('/json/f0501', [{ CancelInvoiceNumber: invoiceNumber }]);
  }

  async query(orderId: string): Promise<InvoiceRecord | null> {
    if (typeof orderId !== 'string' || orderId === '') throw new InvoiceValidationError('orderId', 'orderId is empty');
    const answer = await this.call('/json/invoice_query', { type: 'order', order_id: orderId }, [AMEGO_CODE.NO_DATA]);
    if (codeOf(answer) === AMEGO_CODE.NO_DATA) return null;
    const raw = answer.data;
    const d = (Array.isArray(raw) ? raw[0] : raw) as Record<string, unknown> | undefined;
    if (!d || typeof d !== 'object') return null;
    return {
      orderId: str(d.order_id) || orderId,
      invoiceNumber: str(d.invoice_number),
      invoiceTime: Number(d.invoice_time) || 0,
      randomNumber: str(d.random_number),
      totalAmount: Number(d.total_amount) || 0,
      voided: isVoided(d),
    };
  }

  async allowance(a: AllowanceRequest): Promise<IssuedAllowance> {
    validateAllowance(a);
    const data = toG0401Data(a);
    const answer = await this.call('/json/g0401', data, [AMEGO_CODE.ALLOWANCE_NUMBER_USED]);
    const sent = { allowanceNumber: a.allowanceNumber, totalAmount: data[0].TotalAmount, taxAmount: data[0].TaxAmount };
    if (codeOf(answer) === AMEGO_CODE.ALLOWANCE_NUMBER_USED) {
      // Issued by an earlier attempt whose answer we lost (our number is unique): it counts when it is the same allowance.
      const found = await this.queryAllowance(a.allowanceNumber);
      if (!found || found.invoiceNumber !== a.invoiceNumber || found.totalAmount !== sent.totalAmount || found.voided) {
        throw new AmegoError(AMEGO_CODE.ALLOWANCE_NUMBER_USED, `Amego already has allowance ${a.allowanceNumber}, not this one`, false);
      }
      return { ...sent, alreadyIssued: true };
    }
    return { ...sent, alreadyIssued: false };
  }

  async voidAllowance(allowanceNumber: string): Promise<void> {
    if (!ALLOWANCE_NUMBER.test(allowanceNumber ?? '')) throw new InvoiceValidationError('allowanceNumber', 'allowance number must be 1–16 letters, digits or -');
    await this.call('/json/g0501', [{ CancelAllowanceNumber: allowanceNumber }]);
  }

  async queryAllowance(allowanceNumber: string): Promise<AllowanceRecord | null> {
    if (!ALLOWANCE_NUMBER.test(allowanceNumber ?? '')) throw new InvoiceValidationError('allowanceNumber', 'allowance number must be 1–16 letters, digits or -');
    const answer = await this.call('/json/allowance_query', { allowance_number: allowanceNumber }, [AMEGO_CODE.NO_DATA]);
    if (codeOf(answer) === AMEGO_CODE.NO_DATA) return null;
    const raw = answer.data;
    const d = (Array.isArray(raw) ? raw[0] : raw) as Record<string, unknown> | undefined;
    if (!d || typeof d !== 'object') return null;
    return {
      allowanceNumber: str(d.allowance_number) || allowanceNumber,
      invoiceNumber: str(d.invoice_number),
      allowanceDate: str(d.allowance_date),
      totalAmount: Number(d.total_amount) || 0,
      taxAmount: Number(d.tax_amount) || 0,
      voided: isVoided(d),
    };
  }

  /** POSTs the signed form; returns the answer when `code` is 0 or one of `accept`, else throws AmegoError. */
  private async call(path: string, data: unknown, accept: number[] = []): Promise<AmegoAnswer> {
    const form = amegoForm(this.opts.taxId, data, this.opts.appKey, (this.opts.now ?? Date.now)());
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15000),
      });
    } catch (err) {
      throw new AmegoError(null, `Amego unreachable: ${(err as Error).message}`, true);
    }
    const text = await res.text();
    if (res.status >= 500) throw new AmegoError(null, `Amego answered HTTP ${res.status}`, true);
    if (!res.ok) throw new AmegoError(null, `Amego answered HTTP ${res.status}`, false);
    let answer: AmegoAnswer;
    try {
      answer = JSON.parse(text) as AmegoAnswer;
    } catch {
      throw new AmegoError(null, 'Amego answered something other than JSON', true);
    }
    const code = codeOf(answer);
    if (code === AMEGO_CODE.OK || accept.includes(code)) return answer;
    throw new AmegoError(code, `Amego ${path} refused: code ${code} ${str(answer.msg)}`.trim(), RETRYABLE_CODES.has(code));
  }
}

function codeOf(answer: AmegoAnswer): number {
  const n = Number(answer.code);
  return Number.isFinite(n) ? n : -1;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/**
 * invoice_query's void marker is not in PROVIDERS.md (§8): a non-empty `cancel_date` (or a
 * `cancel_time`) counts as voided; the simulator answers `cancel_date`.
 */
function isVoided(d: Record<string, unknown>): boolean {
  const mark = d.cancel_date ?? d.cancel_time;
  return mark !== undefined && mark !== null && mark !== '' && mark !== 0 && mark !== '0';
}
