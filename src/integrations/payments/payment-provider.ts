import type { GatewayForm } from '../../common/api/orders';

/**
 * The one payment contract (issue 19 §2). Every way an order is paid or refunded is an adapter of
 * these interfaces, living in src/integrations/<provider>/ and registered by payment method code in
 * PaymentProviderRegistry (src/modules/payments/payment-provider.registry.ts) — the only file under src/modules that
 * names a provider. The orders, payments and refunds modules speak only this contract: they record
 * attempts and notifications, and apply what an adapter reports to the order; the adapter talks to
 * its gateway and says what its answers mean.
 *
 * No transaction is ever held across an adapter call (they make HTTP calls).
 */

/** Every payment method code the shop knows (payment_methods.method_code, orders.payment): data, never a gateway. */
export const PAYMENT_METHODS = ['atm', 'cvs', 'credit', 'linepay', 'cod'] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number];
/** Methods paid at a gateway (start / callbacks / reconciliation mean something for them). */
export type OnlineMethod = Exclude<PaymentMethodCode, 'cod'>;
export const ONLINE_METHODS: readonly OnlineMethod[] = PAYMENT_METHODS.filter((m): m is OnlineMethod => m !== 'cod');

/** A provider's name as stored in payment_transactions.gateway / payment_notifications.gateway (e.g. the adapter's `gateway`). */
export type PaymentGatewayName = string;

// ---- start ---------------------------------------------------------------------------------------

export interface StartPaymentInput {
  orderId: number;
  merTradeNo: string;
  method: OnlineMethod;
  /** The order's total (integer NT$), from the database. */
  amount: number;
  /** ATM: 004 | 822 | 013. */
  bankCode?: string;
  prodDesc: string;
  email: string;
  /** Public origin for the callbacks (`PUBLIC_URL`, else the request's origin), no trailing slash needed. */
  origin: string;
  /** The order's lines as charged (LINE Pay's package); the shipping fee is the rest of `amount`. */
  items: { name: string; quantity: number; price: number; imageUrl?: string }[];
}

/** What the shopper is given: a code to pay (ATM account / CVS code), a form to post, or a page to open. */
export type StartPaymentResult =
  | { kind: 'code'; tradeNo: string; paymentCode: string; bankCode?: string; expireDate: Date }
  | { kind: 'form'; form: GatewayForm }
  | { kind: 'redirect'; form: GatewayForm };

/** An adapter's started payment: the answer, the gateway's trade number ('' until known) and what to keep on the attempt. */
export interface StartedPayment {
  result: StartPaymentResult;
  tradeNo: string;
  /** Stored in payment_transactions.raw (no secrets, never card data); see AttemptRaw. */
  raw: AttemptRaw;
}

/** What is stored in payment_transactions.raw. */
export interface AttemptRaw {
  request?: Record<string, unknown>;
  form?: GatewayForm;
  paymentCode?: string;
  bankCode?: string;
  /** The code's number at the gateway (a CVS PayNo, an ATM account): what `cancelCode` cancels. */
  payNo?: string;
  expireDate?: string;
  result?: Record<string, unknown>;
  error?: { code: string; message: string; retryable: boolean };
  /** What the gateway said when the attempt ended (paid, failed, cancelled). */
  outcome?: Record<string, unknown>;
  codeCancel?: { at: string; verifyCode?: string; answer?: string };
}

/** The gateway refused or could not be reached; `retryable`: the same call may succeed later (outage, timeout). */
export class PaymentStartError extends Error {
  override readonly name = 'PaymentStartError';
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The gateway's code (e.g. `ATM02002`, `1172`, `TIMEOUT`…). */
    readonly code = '',
  ) {
    super(message);
  }
}

/**
 * Any failure of a gateway call made through an adapter (network, timeout, the gateway's refusal).
 * Adapters translate their client's errors into this one, keeping its message.
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The gateway's code, or a local one (NETWORK, TIMEOUT, …). */
    readonly code = '',
  ) {
    super(message);
  }
}

// ---- attempts and orders as adapters see them -------------------------------------------------

/** A payment attempt (payment_transactions row) as the modules and adapters see it. */
export interface PaymentAttempt {
  id: number;
  orderId: number;
  merTradeNo: string;
  gateway: PaymentGatewayName;
  method: string;
  /** The gateway's trade number (a decimal string for some), '' until known. */
  tradeNo: string;
  amount: number;
  /** requested | pending | paid | failed | cancelled */
  status: string;
  /** ATM `<bank>-<account>` or CVS code. */
  paymentCode?: string;
  /** The code's number at the gateway (cancel). */
  payNo?: string;
  expireDate?: Date;
  /** Set once the code was cancelled at the gateway (or the gateway said it no longer exists). */
  codeCancelledAt?: Date;
  createdAt: Date;
}

/** The order as an adapter sees it (never the entity). */
export interface PaymentOrder {
  id: number;
  merTradeNo: string;
  /** The payment method code (orders.payment). */
  method: string;
  /** What the shopper must pay (integer NT$): the only amount an adapter asks a gateway for. */
  totalAmount: number;
  refundedAmount: number;
  /** The gateway's trade number recorded on the order ('' when none). */
  tradeNo: string;
  paymentCode: string;
  expireDate: Date | null;
  createdAt: Date;
  /** payment_status is paid. */
  paid: boolean;
  /** status is pending (not paid yet, not cancelled). */
  pending: boolean;
}

// ---- what gateway answers mean for the order ---------------------------------------------------

export type PaymentSource = 'notify' | 'return' | 'confirm' | 'query';
/** Why an unpaid order is cancelled because of a gateway's answer (OrderStateService CancelledBy). */
export type GatewayCancelReason = 'expired' | 'payment-failed' | 'abandoned';

/**
 * A gateway's verified answer about an order, to apply in one transaction: the notification is
 * recorded once (unique gateway + trade_no + status; a replay changes nothing), then the order is
 * marked paid (`paid`), cancelled unless paid (`closed`), or left as it is (`recorded`), and the
 * attempt is updated.
 */
export interface PaymentEvent {
  effect: 'paid' | 'closed' | 'recorded';
  source: PaymentSource;
  /** Recorded in payment_notifications. Absent: nothing to record. */
  notification?: { tradeNo: string; amount: number; status: string; raw: Record<string, unknown> };
  /** false: a notification recorded before does not stop the effect (a closed trade found again by a query). Default true. */
  onceOnly?: boolean;
  /** effect 'paid': what OrderStateService.markPaid records. */
  paid?: { tradeNo: string; amount: number; paidAt?: Date; raw?: Record<string, unknown> };
  /** effect 'closed': why the unpaid order is cancelled. */
  cancelledBy?: GatewayCancelReason;
  /** The attempt's new status (paid once paid; failed / cancelled once the order was cancelled). */
  attempt?: { status: 'paid' | 'failed' | 'cancelled'; tradeNo?: string; result?: Record<string, unknown> };
}

// ---- callbacks -----------------------------------------------------------------------------------

/**
 * A gateway's callback, at `/api/payments/<gateway>/<kind>`: `notify` (server to server, answered
 * 200 `OK` / 400 reason), `return`, `confirm`, `cancel` (the buyer's browser, answered 303 to the
 * payment slip).
 */
export type CallbackKind = 'notify' | 'return' | 'confirm' | 'cancel';
export const CALLBACK_KINDS: readonly CallbackKind[] = ['notify', 'return', 'confirm', 'cancel'];

export interface CallbackRequest {
  /** The posted fields (url-encoded), {} for a GET. */
  form: Record<string, unknown>;
  query: Record<string, unknown>;
}

/** Step 1 of a callback: authentic or not (signature, merchant), and which order it names. No database, no side effects. */
export type CallbackClaim =
  | {
      ok: true;
      merTradeNo: string;
      /** The gateway trade number that names the attempt (LINE Pay transactionId); absent = the order's latest attempt. */
      attemptTradeNo?: string;
      /** The adapter's own parsed message, handed back to `settleCallback`. */
      message: unknown;
      /** The order number the request's URL names, unverified (the slip to send the browser to when the verified one is unknown). */
      orderNo?: unknown;
    }
  | {
      ok: false;
      reason: string;
      /** The order number the request names, unverified (only to send the browser to that slip if such an order exists). */
      orderNo?: unknown;
    };

/** Step 2 of a callback: what it means for the order (may call the gateway: LINE Pay confirm / check). */
export type CallbackSettlement =
  | { kind: 'event'; event: PaymentEvent }
  /** Refused: 400 with the reason (notify); the slip (browser). */
  | { kind: 'refused'; reason: string }
  /** Nothing applied: the order already paid (duplicate), not pending, left as is (kept), the gateway failed (failed, left for reconciliation), or not ours (ignored). */
  | { kind: 'outcome'; outcome: 'duplicate' | 'not-pending' | 'kept' | 'failed' | 'ignored' };

// ---- query, reconcile, cancel ------------------------------------------------------------------

/** A trade at the gateway, normalised. `none`: the gateway has no such trade. */
export interface TradeState {
  status: 'paid' | 'unpaid' | 'failed' | 'cancelled' | 'expired' | 'none' | 'unknown';
  tradeNo: string;
  amount: number;
  raw: Record<string, unknown>;
}

export interface ReconcileContext {
  now: Date;
  /** The order is older than PAYMENTS_ABANDON_MINUTES. */
  abandoned: boolean;
  abandonMinutes: number;
}

/** What reconciliation of a stale pending order should do. */
export type ReconcileDecision =
  | { kind: 'apply'; event: PaymentEvent; why: string }
  /** Cancel unless paid, with no notification (the gateway has nothing to record). */
  | { kind: 'cancel'; by: GatewayCancelReason; why: string }
  /** Leave it for the next run (`kept`: the gateway said paid but we could not see the payment). */
  | { kind: 'skip'; why: string; outcome?: 'skipped' | 'kept' };

/** Cancelling an unpaid code at the gateway: `done` (now or it no longer exists there; record kept on the attempt), `unsupported` (lapses on its own). */
export type CancelCodeResult = { outcome: 'done'; record: NonNullable<AttemptRaw['codeCancel']> } | { outcome: 'unsupported' };

// ---- the payment provider ------------------------------------------------------------------------

export interface PaymentProvider {
  /** Stored as payment_transactions.gateway; the callback path segment `/api/payments/<gateway>/…`. */
  readonly gateway: PaymentGatewayName;
  /** How staff and logs name it (e.g. in a refused callback's reason). */
  readonly displayName: string;
  /** Collected at a gateway: start / callbacks / reconciliation apply. False for cash on delivery. */
  readonly online: boolean;
  /**
   * The callbacks it answers (`/api/payments/<gateway>/<kind>`) and their HTTP method, each browser
   * one with the zh-TW page shown when it names no known order. Any other kind is a 404.
   */
  readonly callbacks: Partial<Record<CallbackKind, { readonly method: 'GET' | 'POST'; readonly errorPage?: string }>>;

  /** Starts a payment at the gateway. Throws PaymentStartError. */
  start(input: StartPaymentInput): Promise<StartedPayment>;
  /** A stored attempt's answer again (a double submit): null when it cannot be rebuilt. */
  replay(method: string, tradeNo: string, raw: AttemptRaw): StartPaymentResult | null;
  /** Step 1 of a callback (see CallbackClaim). */
  verifyCallback(kind: CallbackKind, req: CallbackRequest): CallbackClaim;
  /** Step 2 of a callback, for the order it names (known, and paid by this provider). Gateway failures → outcome `failed`. */
  settleCallback(kind: CallbackKind, claim: Extract<CallbackClaim, { ok: true }>, order: PaymentOrder, attempt: PaymentAttempt | null): Promise<CallbackSettlement>;
  /** The order's trade at the gateway. Throws PaymentProviderError. */
  query(order: PaymentOrder, attempt: PaymentAttempt | null): Promise<TradeState>;
  /** What to do with a stale pending order. Throws PaymentProviderError (left for the next run). */
  reconcile(order: PaymentOrder, attempt: PaymentAttempt | null, ctx: ReconcileContext): Promise<ReconcileDecision>;
  /** Cancels / voids an unpaid code (a CVS code) so it can no longer be paid. Throws PaymentProviderError (retry later). */
  cancelCode(attempt: PaymentAttempt): Promise<CancelCodeResult>;
}

// ---- refunds ------------------------------------------------------------------------------------

/** refunds.method values. */
export type RefundMethod = 'credit-refund' | 'credit-void' | 'linepay' | 'bank-transfer' | 'cod';

/** What a refund at a gateway did. `unknown`: the answer was lost and the gateway could not tell yet (the row stays pending). */
export type RefundResult =
  | { kind: 'done'; method: RefundMethod; ref: string; raw: Record<string, unknown> }
  | { kind: 'failed'; message: string; raw: Record<string, unknown> }
  | { kind: 'unknown'; message: string; raw: Record<string, unknown> };

export interface RefundProvider {
  /** Manual: staff transfer the money by hand (bank details needed); nothing is asked of a gateway. */
  readonly manual: boolean;
  /** The refunds row's method when recorded (a gateway may settle it as another, e.g. credit-void). */
  readonly method: RefundMethod;
  /** Refunds `amount` of a paid order at the gateway. Never throws for a gateway failure: failed / unknown. */
  refund(order: PaymentOrder, amount: number): Promise<RefundResult>;
  /** After a lost answer: has the gateway refunded up to `expectedTotal` (this refund: `amount`)? */
  checkRefund(order: PaymentOrder, expectedTotal: number, amount: number, cause: unknown): Promise<RefundResult>;
}
