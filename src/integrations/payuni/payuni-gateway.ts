import { taipeiToday } from '../../common/time/taipei-time';
import type { PayuniEnvelope } from './payuni-crypto';

/** PAYUNi payment calls the checkout uses (PROVIDERS.md §2). Amounts are integer NT$. */
export interface PayuniGateway {
  /** Issues an ATM virtual account (`/api/atm`, Version 1.3). */
  atm(req: AtmRequest): Promise<AtmResult>;
  /** Issues a 7-ELEVEN payment code (`/api/cvs`, Version 1.3). */
  cvs(req: CvsRequest): Promise<CvsResult>;
  /** Looks a trade up (`/api/trade/query`, Version 2.0). */
  tradeQuery(q: { merTradeNo: string } | { tradeNo: string }): Promise<TradeQueryResult>;
  /** Cancels an unpaid CVS code (`/api/cancel_cvs`, Version 1.0). */
  cancelCvs(req: { payNo: string }): Promise<CancelCvsResult>;
  /** Card capture / refund / undo (`/api/trade/close`, Version 1.0). */
  tradeClose(req: { tradeNo: string; closeType: CloseType; tradeAmt: number }): Promise<TradeCloseResult>;
  /** Card void before capture (`/api/trade/cancel`, Version 1.0). */
  tradeCancel(req: { tradeNo: string }): Promise<{ tradeNo: string; raw: Record<string, string> }>;
  /** The auto-submit form to the hosted UPP page (`go_url` + `body`, spec 2 §7). */
  uppForm(req: UppRequest): PayuniForm;
  /** Verifies (HashInfo, MerID) and decrypts a NotifyURL / ReturnURL post; throws PayuniCallbackError. */
  parseCallback(form: CallbackForm): PayuniCallback;
}

/** TradeStatus: 0 issued, 1 paid, 2 failed, 3 cancelled, 4 expired, 8 review, 9 unpaid. */
export type TradeStatus = 0 | 1 | 2 | 3 | 4 | 8 | 9;
/** PaymentType: 1 card, 2 ATM, 3 CVS, 5 7-11 COD, 9 LINE Pay, 10 T-cat COD. */
export type PaymentType = 1 | 2 | 3 | 5 | 9 | 10;
/** CloseType: 1 capture, 2 refund, -1 undo capture, -2 undo refund. */
export type CloseType = 1 | 2 | -1 | -2;
export type AtmBankType = '004' | '822' | '013' | (string & { readonly _bank?: never });

export interface AtmRequest {
  merTradeNo: string;
  tradeAmt: number;
  prodDesc: string;
  bankType: AtmBankType;
  /** `YYYY-MM-DD` (Asia/Taipei), today … +180 days; omitted = gateway default (+7). */
  expireDate?: string;
  notifyUrl: string;
  usrMail?: string;
}

export type CvsRequest = Omit<AtmRequest, 'bankType'>;

export interface AtmResult {
  tradeNo: string;
  merTradeNo: string;
  tradeAmt: number;
  tradeStatus: number;
  paymentType: number;
  bankType: string;
  /** The virtual account to transfer to. */
  payNo: string;
  /** `YYYY-MM-DD HH:II:SS` (Asia/Taipei). */
  expireDate: string;
  raw: Record<string, string>;
}

export interface CvsResult {
  tradeNo: string;
  merTradeNo: string;
  tradeAmt: number;
  tradeStatus: number;
  paymentType: number;
  payNo: string;
  store: string;
  expireDate: string;
  raw: Record<string, string>;
}

export interface TradeRecord {
  tradeNo: string;
  merTradeNo: string;
  tradeAmt: number;
  tradeStatus: number;
  paymentType: number;
  paymentDay?: string;
  /** `B`: from the backup source — query again in 10 minutes. */
  dataSource?: string;
  closeStatus?: number;
  refundAmt?: number;
  offPayNo?: string;
  offExpireTime?: string;
  raw: Record<string, string>;
}

export interface TradeQueryResult {
  trades: TradeRecord[];
}

export interface CancelCvsResult {
  payNo: string;
  verifyCode?: string;
  raw: Record<string, string>;
}

export interface TradeCloseResult {
  tradeNo: string;
  closeType: number;
  raw: Record<string, string>;
}

export interface UppRequest {
  merTradeNo: string;
  tradeAmt: number;
  prodDesc: string;
  usrMail?: string;
  returnUrl: string;
  notifyUrl: string;
  backUrl?: string;
  /** `zh-tw` (default) or `en`. */
  lang?: string;
  /** Payment method switches; default card only with 3-D Secure. */
  credit?: boolean;
  atm?: boolean;
  cvs?: boolean;
  /**
   * The shop origin the browser is on. Needed only when the gateway's browser URL is a path on
   * the shop (the embedded simulator, `/sim/payuni`): `go_url` is then made absolute with it.
   */
  origin?: string;
}

/** An auto-submit form: POST `body` (fields) to `go_url`. */
export interface PayuniForm {
  go_url: string;
  body: PayuniEnvelope;
}

export type CallbackForm = URLSearchParams | Record<string, unknown>;

/** A verified, decrypted NotifyURL / ReturnURL post. */
export interface PayuniCallback {
  /** Inner Status (`SUCCESS` or an error code). */
  status: string;
  message?: string;
  version: string;
  merTradeNo: string;
  tradeNo?: string;
  tradeAmt?: number;
  tradeStatus?: number;
  paymentType?: number;
  payNo?: string;
  payTime?: string;
  payBank?: string;
  account5No?: string;
  payStore?: string;
  /** Set by PAYUNi when an ATM transfer had a different amount. */
  newMerTradeNo?: string;
  card4No?: string;
  authCode?: string;
  raw: Record<string, string>;
}

/** Why a call failed: `code` is PAYUNi's (outer/inner Status) or one of ours (below). */
export type PayuniLocalCode =
  | 'VALIDATION'
  | 'NETWORK'
  | 'TIMEOUT'
  | 'HTTP_ERROR'
  | 'BAD_RESPONSE'
  | 'HASH_MISMATCH'
  | 'DECRYPT_FAILED'
  | 'MERID_MISMATCH';

export class PayuniError extends Error {
  override readonly name = 'PayuniError';
  constructor(
    /** PAYUNi's error code (e.g. `UPP01007`, `DEF01007`, `QUERY03001`) or a PayuniLocalCode. */
    readonly code: string,
    message: string,
    /** True when the same call may succeed later (network, timeout, 5xx, outage). */
    readonly retryable = false,
    readonly httpStatus?: number,
  ) {
    super(`${code}: ${message}`);
  }
}

/** `refused`: a verified post whose Status is not SUCCESS (e.g. the store map was left without a pick). */
export type CallbackRejection = 'missing_fields' | 'bad_hash' | 'wrong_merid' | 'undecryptable' | 'refused';

export class PayuniCallbackError extends Error {
  override readonly name = 'PayuniCallbackError';
  constructor(
    readonly reason: CallbackRejection,
    message: string,
  ) {
    super(message);
  }
}

/** Amount limits per method (NT$, inclusive; PROVIDERS.md §1, PAYUNi 訂單金額限制). */
export const TRADE_AMT_LIMITS = {
  credit: { min: 1, max: 199_999 },
  atm: { min: 15, max: 49_999 },
  cvs: { min: 30, max: 20_000 },
  cod711: { min: 1, max: 20_000 },
  codTcat: { min: 30, max: 20_000 },
} as const;

export type PayuniMethod = keyof typeof TRADE_AMT_LIMITS;

/** ExpireDate limit in days from today (Asia/Taipei). */
export const EXPIRE_DAYS = { atm: 180, cvs: 7 } as const;
export const DEFAULT_EXPIRE_DAYS = { atm: 7, cvs: 7 } as const;

export const MER_TRADE_NO = /^[A-Za-z0-9_-]{1,25}$/;

/** Today's date in Asia/Taipei as `YYYY-MM-DD`, plus `days`. */
export function taipeiDate(now: Date, days = 0): string {
  return taipeiToday(new Date(now.getTime() + days * 86400_000));
}

/** Checks §1's request rules; returns the first broken one as a message, or undefined. */
export function checkTradeRules(
  method: PayuniMethod,
  req: { merTradeNo: string; tradeAmt: number; expireDate?: string },
  now: Date,
): string | undefined {
  if (typeof req.merTradeNo !== 'string' || !MER_TRADE_NO.test(req.merTradeNo)) return 'MerTradeNo must be 1–25 of A-Z a-z 0-9 _ -';
  const lim = TRADE_AMT_LIMITS[method];
  if (!Number.isSafeInteger(req.tradeAmt)) return 'TradeAmt must be an integer';
  if (req.tradeAmt < lim.min || req.tradeAmt > lim.max) return `TradeAmt must be ${lim.min}–${lim.max} for ${method}`;
  if (req.expireDate !== undefined && (method === 'atm' || method === 'cvs')) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(req.expireDate) || Number.isNaN(Date.parse(`${req.expireDate}T00:00:00Z`))) {
      return 'ExpireDate must be YYYY-MM-DD';
    }
    if (new Date(`${req.expireDate}T00:00:00Z`).toISOString().slice(0, 10) !== req.expireDate) return 'ExpireDate must be a real date';
    if (req.expireDate < taipeiDate(now)) return 'ExpireDate must not be in the past';
    if (req.expireDate > taipeiDate(now, EXPIRE_DAYS[method])) return `ExpireDate must be within ${EXPIRE_DAYS[method]} days`;
  }
  return undefined;
}

/** Checks a NotifyURL / ReturnURL: absolute http(s); PAYUNi calls NotifyURL on ports 80/443 only. */
export function checkCallbackUrl(name: string, url: string, enforcePort: boolean): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `${name} must be an absolute URL`;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `${name} must be http(s)`;
  if (enforcePort && u.port !== '' && u.port !== '80' && u.port !== '443') return `${name} must use port 80 or 443`;
  return undefined;
}
