import { linePayHeaders } from './linepay-signature';
import { parseLinePayJson } from './linepay-json';
import {
  CHECK_CODE_STATUS,
  LinePayApiError,
  LinePayCheckResult,
  LinePayConfirmResult,
  LinePayGateway,
  LinePayHttpError,
  LinePayInputError,
  LinePayNetworkError,
  LinePayPayInfo,
  LinePayPaymentDetails,
  LinePayRefundResult,
  LinePayRequestInput,
  LinePayRequestResult,
  LinePayTimeoutError,
} from './linepay-gateway';

export interface LinePayClientOptions {
  /** API base URL, e.g. `https://sandbox-api-pay.line.me` (no trailing slash needed). */
  apiUrl: string;
  channelId: string;
  channelSecret: string;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const ID_RE = /^\d{1,30}$/;

/** The real LINE Pay Online API v3 client (PROVIDERS.md §4). Never logs secrets or bodies. */
export class LinePayClient implements LinePayGateway {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: LinePayClientOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 20000;
  }

  async request(input: LinePayRequestInput): Promise<LinePayRequestResult> {
    validateRequest(input);
    const body: Json = {
      amount: input.amount,
      currency: input.currency,
      orderId: input.orderId,
      packages: input.packages.map((p) => ({
        id: p.id,
        amount: p.amount,
        name: p.name,
        products: p.products.map((x) => ({
          name: x.name,
          quantity: x.quantity,
          price: x.price,
          ...(x.imageUrl ? { imageUrl: x.imageUrl } : {}),
        })),
      })),
      redirectUrls: { confirmUrl: input.redirectUrls.confirmUrl, cancelUrl: input.redirectUrls.cancelUrl },
      ...(input.options ? { options: input.options } : {}),
    };
    const info = await this.call('POST', '/v3/payments/request', body);
    const paymentUrl = asObject(info.paymentUrl);
    const transactionId = idOf(info.transactionId);
    if (typeof paymentUrl.web !== 'string' || paymentUrl.web === '') throw badAnswer('paymentUrl.web missing');
    return {
      transactionId,
      paymentAccessToken: typeof info.paymentAccessToken === 'string' ? info.paymentAccessToken : undefined,
      paymentUrl: { web: paymentUrl.web, app: typeof paymentUrl.app === 'string' ? paymentUrl.app : '' },
    };
  }

  async confirm(transactionId: string, payment: { amount: number; currency: 'TWD' }): Promise<LinePayConfirmResult> {
    checkId(transactionId);
    checkAmount(payment.amount, 'amount');
    const info = await this.call('POST', `/v3/payments/${transactionId}/confirm`, {
      amount: payment.amount,
      currency: payment.currency,
    });
    const id = idOf(info.transactionId);
    if (id !== transactionId) throw badAnswer('confirm answered another transactionId');
    return { transactionId: id, orderId: String(info.orderId ?? ''), payInfo: payInfoOf(info.payInfo) };
  }

  async checkStatus(transactionId: string): Promise<LinePayCheckResult> {
    checkId(transactionId);
    const { returnCode, returnMessage } = await this.send('GET', `/v3/payments/requests/${transactionId}/check`, '');
    const status = CHECK_CODE_STATUS[returnCode];
    if (!status) throw new LinePayApiError(returnCode, returnMessage);
    return { returnCode, status };
  }

  async paymentDetails(query: { transactionId?: string; orderId?: string }): Promise<LinePayPaymentDetails[]> {
    if (!query.transactionId && !query.orderId) throw new LinePayInputError('transactionId or orderId required');
    const params = new URLSearchParams();
    if (query.transactionId) {
      checkId(query.transactionId);
      params.set('transactionId', query.transactionId);
    }
    if (query.orderId) params.set('orderId', query.orderId);
    const { returnCode, returnMessage, json } = await this.send('GET', '/v3/payments', params.toString());
    // "Transaction history does not exist": nothing paid under that id.
    if (returnCode === '1150') return [];
    if (returnCode !== '0000') throw new LinePayApiError(returnCode, returnMessage);
    const list = Array.isArray(json.info) ? json.info : [];
    return list.map((raw) => {
      const d = asObject(raw);
      const refunds = Array.isArray(d.refundList) ? d.refundList : [];
      return {
        transactionId: idOf(d.transactionId),
        orderId: String(d.orderId ?? ''),
        transactionDate: typeof d.transactionDate === 'string' ? d.transactionDate : undefined,
        transactionType: String(d.transactionType ?? ''),
        payStatus: typeof d.payStatus === 'string' ? d.payStatus : undefined,
        productName: typeof d.productName === 'string' ? d.productName : undefined,
        currency: String(d.currency ?? ''),
        payInfo: payInfoOf(d.payInfo),
        refundList: refunds.map((r) => {
          const o = asObject(r);
          return {
            refundTransactionId: idOf(o.refundTransactionId),
            refundAmount: Number(o.refundAmount),
            refundTransactionDate: typeof o.refundTransactionDate === 'string' ? o.refundTransactionDate : undefined,
          };
        }),
      };
    });
  }

  async refund(transactionId: string, amount?: number): Promise<LinePayRefundResult> {
    checkId(transactionId);
    if (amount !== undefined) checkAmount(amount, 'refund amount');
    const info = await this.call('POST', `/v3/payments/${transactionId}/refund`, amount === undefined ? {} : { refundAmount: amount });
    return {
      refundTransactionId: idOf(info.refundTransactionId),
      refundTransactionDate: String(info.refundTransactionDate ?? ''),
    };
  }

  /** A call whose success is 0000 with an `info` object. */
  private async call(method: 'GET' | 'POST', path: string, body: Json): Promise<Json> {
    const { returnCode, returnMessage, json } = await this.send(method, path, JSON.stringify(body));
    if (returnCode !== '0000') throw new LinePayApiError(returnCode, returnMessage);
    return asObject(json.info);
  }

  /** Signs and sends; POST payload = the JSON body, GET payload = the query string. */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    payload: string,
  ): Promise<{ returnCode: string; returnMessage: string; json: Json }> {
    const url = this.base + path + (method === 'GET' && payload ? `?${payload}` : '');
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      ...linePayHeaders(this.options, path, payload),
    };
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: method === 'POST' ? payload : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const e = err as Error;
      if (e.name === 'TimeoutError' || e.name === 'AbortError') {
        throw new LinePayTimeoutError(`LINE Pay did not answer ${method} ${path} within ${this.timeoutMs} ms`);
      }
      const cause = (e as { cause?: { code?: string } }).cause;
      throw new LinePayNetworkError(`LINE Pay unreachable (${method} ${path}): ${cause?.code ?? e.message}`);
    }
    if (!res.ok) throw new LinePayHttpError(`LINE Pay answered HTTP ${res.status} to ${method} ${path}`, res.status);
    let json: Json;
    try {
      json = asObject(parseLinePayJson(text));
    } catch {
      throw new LinePayHttpError(`LINE Pay answered ${method} ${path} with something that is not JSON`, res.status, 'bad-answer');
    }
    if (typeof json.returnCode !== 'string' || !/^\d{4}$/.test(json.returnCode)) {
      throw new LinePayHttpError(`LINE Pay answer to ${method} ${path} has no returnCode`, res.status, 'bad-answer');
    }
    return { returnCode: json.returnCode, returnMessage: typeof json.returnMessage === 'string' ? json.returnMessage : '', json };
  }
}

/** Refuses what LINE Pay would refuse, before sending: Σ packages = amount, package = Σ price × qty. */
export function validateRequest(input: LinePayRequestInput): void {
  checkAmount(input.amount, 'amount');
  if (input.currency !== 'TWD') throw new LinePayInputError('currency must be TWD');
  if (typeof input.orderId !== 'string' || input.orderId.length < 1 || input.orderId.length > 100) {
    throw new LinePayInputError('orderId must be 1–100 characters');
  }
  if (!Array.isArray(input.packages) || input.packages.length === 0) throw new LinePayInputError('packages required');
  let sum = 0;
  for (const p of input.packages) {
    if (!p.id || !p.name) throw new LinePayInputError('every package needs an id and a name');
    checkAmount(p.amount, `package ${p.id} amount`);
    if (!Array.isArray(p.products) || p.products.length === 0) throw new LinePayInputError(`package ${p.id} has no products`);
    let productSum = 0;
    for (const x of p.products) {
      if (!x.name) throw new LinePayInputError(`package ${p.id}: product without a name`);
      if (!Number.isInteger(x.quantity) || x.quantity < 1) throw new LinePayInputError(`package ${p.id}: bad quantity`);
      if (!Number.isInteger(x.price) || x.price < 0) throw new LinePayInputError(`package ${p.id}: bad price`);
      productSum += x.price * x.quantity;
    }
    if (productSum !== p.amount) {
      throw new LinePayInputError(`package ${p.id}: amount ${p.amount} ≠ Σ price × quantity ${productSum}`);
    }
    sum += p.amount;
  }
  if (sum !== input.amount) throw new LinePayInputError(`Σ packages.amount ${sum} ≠ amount ${input.amount}`);
  for (const u of [input.redirectUrls?.confirmUrl, input.redirectUrls?.cancelUrl]) {
    if (typeof u !== 'string' || !/^https?:\/\//.test(u)) throw new LinePayInputError('redirectUrls need absolute http(s) URLs');
  }
}

function checkAmount(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n <= 0) throw new LinePayInputError(`${what} must be a positive integer (NT$)`);
}

function checkId(id: string): void {
  if (typeof id !== 'string' || !ID_RE.test(id)) throw new LinePayInputError('transactionId must be a decimal string');
}

function asObject(v: unknown): Json {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw badAnswer('expected an object');
  return v as Json;
}

function idOf(v: unknown): string {
  // parseLinePayJson turned every id into a string; a number here would have lost digits.
  if (typeof v !== 'string' || !ID_RE.test(v)) throw badAnswer('transactionId missing or not a decimal id');
  return v;
}

function payInfoOf(v: unknown): LinePayPayInfo[] {
  if (!Array.isArray(v)) return [];
  return v.map((raw) => {
    const o = asObject(raw);
    return {
      method: String(o.method ?? ''),
      amount: Number(o.amount),
      ...(typeof o.creditCardBrand === 'string' ? { creditCardBrand: o.creditCardBrand } : {}),
    };
  });
}

function badAnswer(what: string): LinePayHttpError {
  return new LinePayHttpError(`LINE Pay answer not understood: ${what}`, 200, 'bad-answer');
}
