import type { CancelOrderAnswer, OrderView } from '@api/orders';
import { ATM_BANKS, CARRIER_TYPES, DELIVERY_SLOTS, GATEWAY_PAYMENTS, HOME_SHIPPINGS } from '@rules/checkout-rules';

/** Payment methods settled online, whose result arrives after the slip opens (notify / return / confirm). */
export const ONLINE_PAYMENTS: readonly string[] = ['atm', 'cvs', 'credit', 'linepay'];

/** Payment status codes (payment_status_codes, spec 1 §3). */
export const PAYMENT_STATUS = { unpaid: 0, paid: 1, failed: 2, refunded: 3 } as const;

/**
 * An ATM `payment_code` (`<bank code>-<virtual account>`, spec 2 §4) split at its first hyphen.
 * Without a hyphen the whole code is the account and the order's `bank_code` the bank.
 */
export function splitAtmCode(paymentCode: string, bankCode = ''): { bankCode: string; account: string } {
  const code = paymentCode.trim();
  const at = code.indexOf('-');
  if (at < 0) return { bankCode: bankCode.trim(), account: code };
  return { bankCode: code.slice(0, at).trim(), account: code.slice(at + 1).trim() };
}

/** 013 → 國泰世華 (the checkout's banks); '' for another bank. */
export function bankName(code: string): string {
  return ATM_BANKS.find((b) => b.code === code)?.name ?? '';
}

const TAIPEI_OFFSET_MS = 8 * 3600_000;

/** An ISO timestamp as `YYYY-MM-DD HH:mm` in Asia/Taipei (UTC+8 all year); '' when missing or unreadable. */
export function taipeiDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t + TAIPEI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The payment deadline as the server sent it (`YYYY-MM-DD HH:mm:ss`, Taipei), without the seconds. */
export function deadlineText(expiredate: string | null | undefined): string {
  if (!expiredate) return '';
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(expiredate) ? expiredate.slice(0, 16) : expiredate;
}

export const isCancelled = (o: Pick<OrderView, 'status_name'>): boolean => o.status_name === 'cancelled';
export const isPaid = (o: Pick<OrderView, 'payment_status'>): boolean => o.payment_status === PAYMENT_STATUS.paid;

/**
 * The ATM account or CVS code to pay with (spec 1 §4: unpaid with a payment_code), null when
 * there is nothing to pay: paid, cancelled (the code was withdrawn), or no code yet.
 */
export type PayInstructions =
  | { kind: 'atm'; bankCode: string; bankName: string; account: string; deadline: string }
  | { kind: 'cvs'; code: string; deadline: string };

export function payInstructions(o: OrderView): PayInstructions | null {
  if (o.payment_status !== PAYMENT_STATUS.unpaid || isCancelled(o) || !o.payment_code) return null;
  const deadline = deadlineText(o.expiredate);
  if (o.payment === 'atm') {
    const { bankCode, account } = splitAtmCode(o.payment_code, o.bank_code);
    return { kind: 'atm', bankCode, bankName: bankName(bankCode), account, deadline };
  }
  if (o.payment === 'cvs') return { kind: 'cvs', code: o.payment_code.trim(), deadline };
  return null;
}

/**
 * The slip should keep asking the server: an online payment still pending and unpaid (the
 * simulator's or gateway's result reaches the server, not this page).
 */
export function awaitingPayment(o: OrderView): boolean {
  return ONLINE_PAYMENTS.includes(o.payment) && o.status_name === 'pending' && o.payment_status === PAYMENT_STATUS.unpaid;
}

/** Methods paid on the gateway's own page, which sends the browser back to the slip (@rules/checkout-rules). */
export { GATEWAY_PAYMENTS };
/** How long after checkout landing on the slip still counts as coming back from the gateway. */
export const SLIP_RETURN_WINDOW_MS = 2 * 3600_000;

/**
 * The slip clears the cart (spec 2 §4: LINE Pay; credit too, whose checkout also keeps the cart
 * until the gateway sends the browser back here) only when the browser just came back from the
 * gateway with the order paid: the slip is the tab's first page and the order is recent. A payment
 * that failed keeps the cart (the order waits for 重新付款, issue 19 §6); opening an older slip from
 * /orders or from an e-mail leaves a cart being filled for the next order alone.
 */
export function clearsCartOnReturn(o: Pick<OrderView, 'payment' | 'created_at' | 'payment_status'>, firstPage: boolean, now = Date.now()): boolean {
  if (!firstPage || !GATEWAY_PAYMENTS.includes(o.payment) || o.payment_status !== PAYMENT_STATUS.paid) return false;
  const created = Date.parse(o.created_at);
  return Number.isFinite(created) && now - created <= SLIP_RETURN_WINDOW_MS;
}

/** The payment method's label (both spellings of the specs are sent). */
export const paymentLabel = (o: Pick<OrderView, 'paymentname' | 'payment_label' | 'payment'>): string => o.paymentname || o.payment_label || o.payment;

export const isHomeDelivery = (o: Pick<OrderView, 'shipping'>): boolean => HOME_SHIPPINGS.includes(o.shipping);

/** A home address on one line: `106 臺北市大安區敦化南路二段 76 號`. */
export function homeAddress(o: Pick<OrderView, 'zip' | 'city' | 'district' | 'street'>): string {
  return [o.zip, `${o.city}${o.district}${o.street}`].filter(Boolean).join(' ');
}

export function deliverySlotLabel(slot: string): string {
  return DELIVERY_SLOTS.find((s) => s.value === slot)?.label ?? '';
}

/** The invoice as chosen at checkout, e.g. 個人電子發票（手機條碼 /ABC1234）. '' when none recorded. */
export function invoiceText(o: OrderView): string {
  switch (o.invoice_type) {
    case 'personal': {
      const carrier = CARRIER_TYPES.find((c) => c.value === o.carrier_type);
      const code = o.carrier_type === '3J0002' ? o.mobile_barcode : o.carrier_type === 'CQ0001' ? o.citizen_barcode : '';
      const detail = carrier ? [carrier.label, code].filter(Boolean).join(' ') : '';
      return detail ? `個人電子發票（${detail}）` : '個人電子發票';
    }
    case 'Company':
      return `公司戶電子發票（${[o.company_name, o.tax_id ? `統編 ${o.tax_id}` : ''].filter(Boolean).join('，')}）`;
    case 'Donate':
      return o.donate_code ? `捐贈發票（愛心碼 ${o.donate_code}）` : '捐贈發票';
    default:
      return '';
  }
}

/** The order after a cancel answer: its new status (and payment status when the server sent one). */
export function withCancelAnswer(o: OrderView, a: Partial<CancelOrderAnswer>): OrderView {
  const next: OrderView = { ...o };
  if (a.status_name) {
    next.status_name = a.status_name;
    next.status_label = a.status_label ?? next.status_label;
    next.status_color = a.status_color ?? next.status_color;
  }
  if (typeof a.payment_status === 'number') {
    next.payment_status = a.payment_status;
    next.payment_status_label = a.payment_status_label ?? next.payment_status_label;
    next.payment_status_color = a.payment_status_color ?? next.payment_status_color;
  }
  next.cancellable = next.status_name === 'pending' && next.payment_status !== PAYMENT_STATUS.paid && o.cancellable;
  return next;
}

/**
 * The server refused a cancel because the order is paid (spec 1 §4: the order then shows paid):
 * its answer's status fields, or 已付款 (the seeded label and colour) when it sent none.
 */
export function withPaidRefusal(o: OrderView, a: Partial<CancelOrderAnswer>): OrderView {
  const next = withCancelAnswer(o, { payment_status: PAYMENT_STATUS.paid, payment_status_label: '已付款', payment_status_color: '#52c41a', ...a });
  return { ...next, cancellable: false };
}
