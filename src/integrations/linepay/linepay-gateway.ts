/**
 * LINE Pay Online API v3 (PROVIDERS.md §4): the seam checkout and reconciliation use.
 * Implementation: `LinePayClient` (real HTTP), exercised against `simulators/linepay-simulator.ts`.
 * All amounts are integer NT$; every transaction id is a decimal STRING (it exceeds 2^53).
 */
export interface LinePayProduct {
  name: string;
  quantity: number;
  /** Unit price, integer NT$. */
  price: number;
  imageUrl?: string;
}

export interface LinePayPackage {
  id: string;
  /** Σ price × quantity of its products. */
  amount: number;
  name: string;
  products: LinePayProduct[];
}

export interface LinePayRequestInput {
  /** The shop's MerTradeNo; unique, ≤ 100 characters. */
  orderId: string;
  amount: number;
  currency: 'TWD';
  /** Σ packages.amount must equal `amount` (checked before sending). */
  packages: LinePayPackage[];
  redirectUrls: { confirmUrl: string; cancelUrl: string };
  /** Passed through as the request's `options` (e.g. `{ display: { locale: 'zh_TW' } }`). */
  options?: Record<string, unknown>;
}

export interface LinePayRequestResult {
  transactionId: string;
  paymentAccessToken?: string;
  /** `web` is the page to send the browser to (checkout's `go_url`); `app` opens the LINE app. */
  paymentUrl: { web: string; app: string };
}

export interface LinePayPayInfo {
  method: string;
  amount: number;
  /** Masked by LINE Pay; never a card number here. */
  creditCardBrand?: string;
}

export interface LinePayConfirmResult {
  transactionId: string;
  orderId: string;
  payInfo: LinePayPayInfo[];
}

/**
 * `GET /v3/payments/requests/{id}/check`: 0000 not yet approved by the buyer, 0110 approved
 * (confirm now), 0121 cancelled / expired, 0122 failed, 0123 confirmed (PROVIDERS.md §4; the
 * v3 meaning of these codes is unconfirmed).
 */
export type LinePayCheckStatus = 'pending' | 'authorized' | 'cancelled' | 'failed' | 'confirmed';

export const CHECK_CODE_STATUS: Readonly<Record<string, LinePayCheckStatus>> = {
  '0000': 'pending',
  '0110': 'authorized',
  '0121': 'cancelled',
  '0122': 'failed',
  '0123': 'confirmed',
};

export interface LinePayCheckResult {
  returnCode: string;
  status: LinePayCheckStatus;
}

export interface LinePayRefundRecord {
  refundTransactionId: string;
  /** Negative, as LINE Pay writes refunds in payment details. */
  refundAmount: number;
  refundTransactionDate?: string;
}

/** One entry of `GET /v3/payments` (payment details), for reconciliation. */
export interface LinePayPaymentDetails {
  transactionId: string;
  orderId: string;
  transactionDate?: string;
  /** PAYMENT, PAYMENT_REFUND, PARTIAL_REFUND. */
  transactionType: string;
  payStatus?: string;
  productName?: string;
  currency: string;
  payInfo: LinePayPayInfo[];
  refundList: LinePayRefundRecord[];
}

export interface LinePayRefundResult {
  refundTransactionId: string;
  refundTransactionDate: string;
}

export interface LinePayGateway {
  /** Reserves a payment; send the browser to `paymentUrl.web`. */
  request(input: LinePayRequestInput): Promise<LinePayRequestResult>;
  /** Completes a payment the buyer approved; amount and currency equal to the request. */
  confirm(transactionId: string, payment: { amount: number; currency: 'TWD' }): Promise<LinePayConfirmResult>;
  /** Where a reserved payment stands (reconciliation of a buyer who never came back). */
  checkStatus(transactionId: string): Promise<LinePayCheckResult>;
  /** Payment details of a confirmed payment by transaction id and/or order id (empty list: none). */
  paymentDetails(query: { transactionId?: string; orderId?: string }): Promise<LinePayPaymentDetails[]>;
  /** Refunds `amount` (integer NT$), or everything left when omitted. */
  refund(transactionId: string, amount?: number): Promise<LinePayRefundResult>;
}

export const LINEPAY_GATEWAY = Symbol('LINEPAY_GATEWAY');

/** LINE Pay's documented return codes (LINE Pay Appendix; PROVIDERS.md §4). */
export const LINEPAY_RETURN_CODES: Readonly<Record<string, string>> = {
  '0000': 'Success',
  '1101': 'Not a LINE Pay member',
  '1102': 'The member is unable to proceed the transaction',
  '1104': 'The store is not one of the affiliated stores (unknown merchant)',
  '1105': 'The affiliated store cannot use LINE Pay',
  '1106': 'Header info error',
  '1110': 'The credit card cannot be used',
  '1124': 'Amount info error (scale)',
  '1133': 'Not in the Online API appendix (offline API: invalid oneTimeKey)',
  '1141': 'Payment account status error',
  '1142': 'Low balance',
  '1145': 'Payment in process',
  '1150': 'Transaction history does not exist',
  '1152': 'There is a history of transactions with the same transactionId',
  '1153': 'The payment amount is different than the requested amount',
  '1155': 'Transaction cannot be refunded',
  '1159': 'Payment request information is not found',
  '1163': 'Unable to refund since the refundable date is over',
  '1164': 'Exceeded refundable amount',
  '1165': 'The transaction has already been refunded',
  '1169': 'The buyer has not selected a payment method and authorised it at LINE Pay yet',
  '1170': "Balance of the member's account has been changed",
  '1172': 'There is a record of transaction with the same order number',
  '1177': 'Exceeded maximum number of viewable transactions (100)',
  '1178': 'The currency is not supported by the store',
  '1179': 'Unable to proceed the transaction',
  '1180': 'The payment is expired',
  '1183': 'The payment amount should be greater than 0',
  '1184': 'The payment amount exceeds the requested amount',
  '1198': 'Processing the request (API call repeated)',
  '1199': 'Internal request error',
  '2101': 'Parameter error',
  '2102': 'JSON data format error',
  '9000': 'Internal error',
};

/** Codes worth another attempt later (LINE Pay busy or failing inside). */
const RETRYABLE_CODES = new Set(['1145', '1198', '1199', '9000']);

export type LinePayErrorKind = 'provider' | 'invalid-input' | 'timeout' | 'network' | 'http' | 'bad-answer';

/** Any failure of a LINE Pay call. `retryable` tells a job whether another attempt may succeed. */
export class LinePayError extends Error {
  constructor(
    message: string,
    readonly kind: LinePayErrorKind,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'LinePayError';
  }
}

/** LINE Pay answered with a `returnCode` other than 0000. */
export class LinePayApiError extends LinePayError {
  constructor(
    readonly code: string,
    readonly returnMessage: string,
  ) {
    super(`LINE Pay ${code}: ${returnMessage || LINEPAY_RETURN_CODES[code] || 'unknown error'}`, 'provider', RETRYABLE_CODES.has(code));
    this.name = 'LinePayApiError';
  }

  /** The documented meaning of the code (LINE Pay Appendix), when known. */
  get description(): string | undefined {
    return LINEPAY_RETURN_CODES[this.code];
  }

  /**
   * A confirm that already happened: 1172 is what LINE Pay answers to a second confirm (1152
   * "same transactionId" is accepted too — which one the real API sends is unconfirmed).
   */
  get alreadyConfirmed(): boolean {
    return this.code === '1172' || this.code === '1152';
  }
}

/** The request was refused before sending (packages do not add up, bad amount, …). */
export class LinePayInputError extends LinePayError {
  constructor(message: string) {
    super(message, 'invalid-input', false);
    this.name = 'LinePayInputError';
  }
}

export class LinePayTimeoutError extends LinePayError {
  constructor(message: string) {
    super(message, 'timeout', true);
    this.name = 'LinePayTimeoutError';
  }
}

export class LinePayNetworkError extends LinePayError {
  constructor(message: string) {
    super(message, 'network', true);
    this.name = 'LinePayNetworkError';
  }
}

/** Non-2xx HTTP answer (5xx retryable) or an answer that is not LINE Pay JSON. */
export class LinePayHttpError extends LinePayError {
  constructor(
    message: string,
    readonly status: number,
    kind: 'http' | 'bad-answer' = 'http',
  ) {
    super(message, kind, status >= 500 || status === 429);
    this.name = 'LinePayHttpError';
  }
}
