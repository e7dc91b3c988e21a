import type { Envelope } from './envelope';

/**
 * E-invoice allowances (折讓, issue 19): what the member's consent page (/allowance/:token) and the
 * admin order detail read.
 */

/** A line of an allowance as the member sees it (tax included). */
export interface AllowanceLineView {
  description: string;
  quantity: number;
  /** Tax-included NT$. */
  amount: number;
}

/**
 * GET/POST /api/invoice-allowances/:token — reached from the refund mail without login, so it
 * shows only the order number, the amount and the lines.
 */
export interface AllowanceConsentView {
  order_no: string;
  /** Tax-included NT$. */
  amount: number;
  lines: AllowanceLineView[];
  /** 'awaiting-consent' | 'pending' | 'issued' | 'failed' | 'void' */
  status: string;
  /** ISO time of the consent, null before. */
  consented_at: string | null;
}
export type AllowanceConsentAnswer = Envelope<{ allowance: AllowanceConsentView }>;

/** An allowance as staff see it on the order (GET /api/admin/invoiceAllowances?order_id=). */
export interface AllowanceView {
  id: number;
  refund_id: number | null;
  allowance_no: string;
  invoice_no: string;
  amount: number;
  tax_amount: number;
  /** 'awaiting-consent' | 'pending' | 'issued' | 'failed' | 'void' */
  status: string;
  consented_at: string | null;
  consent_ip: string;
  issued_at: string | null;
  last_error: string;
  created_at: string;
}
export type AllowancesAnswer = Envelope<{ allowances: AllowanceView[] }>;
