import { randomBytes } from 'node:crypto';
import { taipeiToday, taipeiYearMonth } from '../../common/time/taipei-time';
import { allowanceLine } from '../../integrations/amego/amego-protocol';
import type { AllowanceItem } from '../../integrations/amego/invoice-gateway';

/** invoice_allowances.status values. */
export const ALLOWANCE_STATUS = {
  awaitingConsent: 'awaiting-consent',
  pending: 'pending',
  issued: 'issued',
  failed: 'failed',
  void: 'void',
} as const;

/** What a refund does to the order's e-invoice. */
export type InvoiceAction = 'none' | 'void' | 'allowance';

/**
 * The Taiwanese e-invoice period (統一發票期別) of a moment: two calendar months in Taipei time —
 * Jan–Feb, Mar–Apr, May–Jun, Jul–Aug, Sep–Oct, Nov–Dec. Key `YYYY-P` (P 0–5).
 */
export function invoicePeriod(at: Date): string {
  const { year, month } = taipeiYearMonth(at);
  return `${year}-${Math.floor(month / 2)}`;
}

/**
 * Whether an issued invoice may still be voided (f0501) rather than given an allowance: while its
 * period is the current one (Taipei). An invoice of Nov–Dec can be voided until 31 Dec 23:59:59
 * Taipei; from 1 Jan a refund of it is an allowance. (The tax office accepts voids of the last
 * period until the filing on the 15th; we stop at the period's end so a void never races the
 * filing — decision recorded in docs/decisions.)
 */
export function voidAllowed(issuedAt: Date | null, now: Date): boolean {
  return !issuedAt || invoicePeriod(issuedAt) === invoicePeriod(now);
}

export interface InvoiceFacts {
  /** invoices.status of the order ('' when there is no row: not issued yet). */
  invoiceStatus: string;
  issuedAt: Date | null;
  /** The order's allowances not void (any earlier one stands, or will). */
  liveAllowances: number;
}

/**
 * Void vs allowance vs nothing for a refund:
 * - the invoice is void already → nothing;
 * - a full refund (the whole order at once) with no allowance standing: void while the invoice's
 *   period is current, or before it was issued (the void job then makes sure none is issued);
 *   after its period → a full allowance;
 * - a partial refund (or the rest after an earlier allowance) → an allowance, awaiting consent.
 */
export function decideInvoiceAction(f: InvoiceFacts, full: boolean, now: Date): InvoiceAction {
  if (f.invoiceStatus === 'void') return 'none';
  if (full && f.liveAllowances === 0) {
    if (f.invoiceStatus !== 'issued') return 'void';
    return voidAllowed(f.issuedAt, now) ? 'void' : 'allowance';
  }
  return 'allowance';
}

/** A refunded line in the refund's words. */
export interface RefundLine {
  orderItemId: number;
  quantity: number;
  /** Tax-included NT$ this refund took of the line. */
  amount: number;
}

/** The order lines an allowance names. */
export interface AllowanceSourceLine {
  id: number;
  title: string;
  variant_name: string;
  quantity: number;
  /** What the line cost after its discount (order_items.amount). */
  amount: number;
}

/** An allowance line as stored (items json): the tax-included amount and the g0401 line. */
export interface StoredAllowanceLine extends AllowanceItem {
  order_item_id: number | null;
  /** Tax-included NT$ (amount + tax). */
  gross: number;
}

function describeLine(l: AllowanceSourceLine): string {
  return (l.variant_name ? `${l.title}（${l.variant_name}）` : l.title).slice(0, 256);
}

/**
 * The allowance's lines from the refund's lines and shipping part (PROVIDERS.md §5: each line's
 * amount tax-excluded and its own tax). Lines of NT$ 0 are left out. Throws when a line names an
 * item that is not the order's.
 */
export function allowanceLinesOf(order: AllowanceSourceLine[], lines: RefundLine[], shippingAmount: number): StoredAllowanceLine[] {
  const out: StoredAllowanceLine[] = [];
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount) || l.amount < 0) throw new RangeError(`refund line amount ${l.amount} is not a whole NT$ ≥ 0`);
    if (l.amount === 0) continue;
    const item = order.find((i) => i.id === l.orderItemId);
    if (!item) throw new RangeError(`order item #${l.orderItemId} is not on this order`);
    out.push({ order_item_id: item.id, gross: l.amount, ...allowanceLine(describeLine(item), l.quantity, l.amount) });
  }
  if (!Number.isSafeInteger(shippingAmount) || shippingAmount < 0) throw new RangeError(`shipping amount ${shippingAmount} is not a whole NT$ ≥ 0`);
  if (shippingAmount > 0) out.push({ order_item_id: null, gross: shippingAmount, ...allowanceLine('運費', 1, shippingAmount) });
  return out;
}

/** Our allowance number: `A` + Taipei YYMMDD + 9 random digits — 16 characters, unique (unique index). */
export function newAllowanceNumber(now: Date): string {
  const day = taipeiToday(now).replace(/-/g, '').slice(2);
  const n = randomBytes(8).readBigUInt64BE() % 1_000_000_000n;
  return `A${day}${n.toString().padStart(9, '0')}`;
}

/** The secret of a consent link: 32 random bytes, base64url (43 characters). */
export function newConsentToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A consent link token as it may arrive: 43 base64url characters (anything else is refused before the database). */
export const CONSENT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** YYYYMMDD in Taipei. */
export function taipeiYmd(at: Date): string {
  return taipeiToday(at).replace(/-/g, '');
}
