/**
 * E-invoice issuing as checkout and the back-office see it. Implementation: Amego
 * (`AmegoClient`, PROVIDERS.md §5), tested against the local Amego simulator.
 */

/** One line of the invoice. Amounts are integer NT$, tax included (DetailVat 1). */
export interface InvoiceItem {
  description: string;
  quantity: number;
  unitPrice: number;
  /** quantity × unitPrice, or a negative discount line. */
  amount: number;
  unit?: string;
  remark?: string;
}

interface InvoiceBase {
  /** Our order number; Amego's OrderId (≤ 40 characters, unique per seller). */
  orderId: string;
  /** Buyer name as printed (consumer) — the member name. */
  buyerName: string;
  /** Where Amego mails the invoice notice; also the `amego` member carrier. */
  buyerEmail: string;
  items: InvoiceItem[];
  /** Tax-included total in integer NT$; must equal the sum of item amounts. */
  total: number;
}

/** Personal invoice to a carrier: amego member carrier (e-mail), mobile barcode, citizen certificate. */
export interface PersonalInvoice extends InvoiceBase {
  kind: 'personal';
  carrier: { type: 'amego' } | { type: '3J0002'; id: string } | { type: 'CQ0001'; id: string };
}

/** Company invoice (三聯式): 統一編號 and company title; amounts split into sales and 5 % tax. */
export interface CompanyInvoice extends InvoiceBase {
  kind: 'company';
  taxId: string;
  companyName: string;
}

/** Donated invoice: 愛心碼 (NPOBAN), 3–7 digits; no carrier and no tax id. */
export interface DonationInvoice extends InvoiceBase {
  kind: 'donation';
  loveCode: string;
}

export type InvoiceRequest = PersonalInvoice | CompanyInvoice | DonationInvoice;

export interface IssuedInvoice {
  orderId: string;
  /** Two capital letters and 8 digits, e.g. `AB12345678`. */
  invoiceNumber: string;
  /** Issue time, unix seconds. */
  invoiceTime: number;
  /** 4 digits, printed on the invoice. */
  randomNumber: string;
  /** True when Amego answered 3040171 (OrderId used) and the invoice was looked up instead. */
  alreadyIssued: boolean;
}

export interface InvoiceRecord {
  orderId: string;
  invoiceNumber: string;
  invoiceTime: number;
  randomNumber: string;
  totalAmount: number;
  voided: boolean;
}

/** One line of an allowance (折讓): amounts tax-excluded, `tax` is this line's tax (PROVIDERS.md §5, g0401). */
export interface AllowanceItem {
  description: string;
  quantity: number;
  /** Tax-excluded; quantity × unitPrice = amount. */
  unitPrice: number;
  /** Tax-excluded NT$ of this line. */
  amount: number;
  /** This line's tax (its tax-included amount − amount). */
  tax: number;
}

/** An allowance against one issued invoice (MIG D0401, seller-issued: AllowanceType 2). */
export interface AllowanceRequest {
  /** Ours, ≤ 16 characters, unique per seller (Amego returns no number of its own). */
  allowanceNumber: string;
  /** YYYYMMDD (Taipei). */
  allowanceDate: string;
  invoiceNumber: string;
  /** The original invoice's date, YYYYMMDD. */
  invoiceDate: string;
  /** `0000000000` for a consumer, else the 8-digit tax id (as on the invoice). */
  buyerIdentifier: string;
  buyerName: string;
  buyerEmail: string;
  items: AllowanceItem[];
}

export interface IssuedAllowance {
  allowanceNumber: string;
  /** Tax-excluded Σ amount and Σ tax as sent. */
  totalAmount: number;
  taxAmount: number;
  /** True when Amego already had this AllowanceNumber (a retry after a lost answer) and it was looked up. */
  alreadyIssued: boolean;
}

export interface AllowanceRecord {
  allowanceNumber: string;
  invoiceNumber: string;
  allowanceDate: string;
  totalAmount: number;
  taxAmount: number;
  voided: boolean;
}

export interface InvoiceGateway {
  /** Issues one invoice per order; a repeated order id returns the invoice already issued. */
  issue(invoice: InvoiceRequest): Promise<IssuedInvoice>;
  /** Voids an invoice (f0501). `reason` is kept for our audit trail. */
  void(invoiceNumber: string, reason: string): Promise<void>;
  /** Looks an order's invoice up; null when Amego has none. */
  query(orderId: string): Promise<InvoiceRecord | null>;
  /** Issues an allowance (g0401); a repeated AllowanceNumber returns the one already issued. */
  allowance(allowance: AllowanceRequest): Promise<IssuedAllowance>;
  /** Voids an allowance (g0501). */
  voidAllowance(allowanceNumber: string): Promise<void>;
  /** Looks an allowance up (allowance_query); null when Amego has none. */
  queryAllowance(allowanceNumber: string): Promise<AllowanceRecord | null>;
}

export const INVOICE_GATEWAY = Symbol('INVOICE_GATEWAY');

/** Input refused before any request was sent. */
export class InvoiceValidationError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvoiceValidationError';
  }
}

/**
 * Amego answered a non-zero `code`, or could not be reached (`code` null). `retryable` tells the
 * invoice job whether another attempt may succeed (network, 5xx, time skew).
 */
export class AmegoError extends Error {
  constructor(
    readonly code: number | null,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AmegoError';
  }
}
