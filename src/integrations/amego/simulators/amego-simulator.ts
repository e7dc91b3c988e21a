import express, { Request, Response, Router } from 'express';
import { AMEGO_CODE, amegoSign, companyTaxSplit, CONSUMER_BUYER_ID, LOVE_CODE } from '../amego-protocol';
import { taipeiToday, taipeiYearMonth } from '../../../common/time/taipei-time';
import { listenOnLoopback } from '../../simulators/listen';
import { safeEqual } from '../../../common/crypto/safe-equal';

export interface AmegoSimulatorOptions {
  /** Seller 統一編號 the simulator answers for (`invoice` field). */
  taxId: string;
  appKey: string;
  /** Clock (ms) for invoice times and periods. */
  now?: () => number;
}

/** What the simulator received on each call: the raw `data` text and its parsed value. */
export interface AmegoCall {
  path: string;
  data: string;
  parsed: unknown;
  code: number;
}

export interface SimulatedInvoice {
  orderId: string;
  invoiceNumber: string;
  invoiceTime: number;
  randomNumber: string;
  totalAmount: number;
  data: Record<string, unknown>;
  cancelDate: number | null;
}

export interface SimulatedAllowance {
  allowanceNumber: string;
  invoiceNumber: string;
  allowanceDate: string;
  /** Tax-excluded Σ Amount and Σ Tax as received. */
  totalAmount: number;
  taxAmount: number;
  data: Record<string, unknown>;
  cancelDate: number | null;
}

export type AmegoFailure = { code: number; msg?: string } | 'http500' | 'garbage';

export interface AmegoSimulatorControls {
  calls: AmegoCall[];
  /** Issued invoices by invoice number. */
  invoices: Map<string, SimulatedInvoice>;
  /** Issued allowances (折讓) by allowance number. */
  allowances: Map<string, SimulatedAllowance>;
  /** The next call (any path) fails this way, after its sign was checked. */
  failNext(failure: AmegoFailure): void;
  /** While on, every call answers HTTP 503. */
  outage(on: boolean): void;
  /** Issued but "lost": the next f0401 is recorded, then answered with HTTP 500 (an answer lost on the way). */
  loseNextAnswer(): void;
  reset(): void;
}

export type AmegoSimulator = Router & AmegoSimulatorControls;

/** Taiwanese invoice period (two months, Taipei time): e.g. 2026-11 → "11411" style key and its letter pair. */
function periodOf(ms: number): { key: string; letters: string } {
  const { year, month } = taipeiYearMonth(new Date(ms));
  const period = Math.floor(month / 2); // 0..5
  const n = (year * 6 + period) % (26 * 26);
  const letters = String.fromCharCode(65 + Math.floor(n / 26)) + String.fromCharCode(65 + (n % 26));
  return { key: `${year - 1911}-${period}`, letters };
}

const MESSAGES: Record<number, string> = {
  [AMEGO_CODE.OK]: '',
  [AMEGO_CODE.TAX_ID_EMPTY]: '統一編號 為空值',
  [AMEGO_CODE.TAX_ID_WRONG]: '統一編號 錯誤',
  [AMEGO_CODE.TIME_SKEW]: '時間 錯誤',
  [AMEGO_CODE.SIGN_WRONG]: '簽名 錯誤',
  [AMEGO_CODE.DATA_EMPTY]: 'data 為空值',
  [AMEGO_CODE.NOT_JSON]: 'data 非 JSON 格式',
  [AMEGO_CODE.NO_DATA]: '查無資料',
};

/**
 * A local Amego (PROVIDERS.md §5): form POSTs to /json/f0401, /json/f0501, /json/invoice_query,
 * the allowance calls /json/g0401, /json/g0501, /json/allowance_query, and GET /json/time, checked like the real one (tax id, `sign`, JSON data, buyer, carrier,
 * donation code, amounts), invoices in memory. `time` skew is unconfirmed (§8): any 10-digit
 * time is accepted.
 */
export function createAmegoSimulator(opts: AmegoSimulatorOptions): AmegoSimulator {
  const now = opts.now ?? Date.now;
  const router = Router() as AmegoSimulator;
  const byOrder = new Map<string, SimulatedInvoice>();
  const counters = new Map<string, number>();
  let pending: AmegoFailure[] = [];
  let down = false;
  let loseNext = false;

  router.calls = [];
  router.invoices = new Map();
  router.allowances = new Map();
  router.failNext = (f) => void pending.push(f);
  router.outage = (on) => void (down = on);
  router.loseNextAnswer = () => void (loseNext = true);
  router.reset = () => {
    router.calls.length = 0;
    router.invoices.clear();
    router.allowances.clear();
    byOrder.clear();
    counters.clear();
    pending = [];
    down = false;
    loseNext = false;
  };

  router.get('/json/time', (_req, res) => {
    res.json({ code: 0, msg: '', timestamp: Math.floor(now() / 1000) });
  });

  const ALLOWANCE_PATHS = ['/json/g0401', '/json/g0501', '/json/allowance_query'];
  router.post(['/json/f0401', '/json/f0501', '/json/invoice_query', ...ALLOWANCE_PATHS], express.urlencoded({ extended: false, limit: '1mb' }), (req: Request, res: Response) => {
    const path = req.path;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const field = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
    const data = field('data');
    const call: AmegoCall = { path, data, parsed: undefined, code: 0 };
    router.calls.push(call);
    const answer = (code: number, extra: Record<string, unknown> = {}, msg?: string) => {
      call.code = code;
      res.json({ code, msg: msg ?? MESSAGES[code] ?? (code === 0 ? '' : `錯誤 ${code}`), ...extra });
    };

    if (down) return void res.status(503).send('Service Unavailable');
    const taxId = field('invoice');
    if (taxId === '') return answer(AMEGO_CODE.TAX_ID_EMPTY);
    if (taxId !== opts.taxId) return answer(AMEGO_CODE.TAX_ID_WRONG);
    const time = field('time');
    if (!/^\d{10}$/.test(time)) return answer(AMEGO_CODE.TIME_SKEW);
    if (!safeEqual(field('sign').toLowerCase(), amegoSign(data, time, opts.appKey))) return answer(AMEGO_CODE.SIGN_WRONG);

    const failure = pending.shift();
    if (failure === 'http500') return void res.status(500).send('Internal Server Error');
    if (failure === 'garbage') return void res.status(200).type('text/html').send('<html>maintenance</html>');
    if (failure) return answer(failure.code, {}, failure.msg);

    if (data === '') return answer(AMEGO_CODE.DATA_EMPTY);
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return answer(AMEGO_CODE.NOT_JSON);
    }
    call.parsed = parsed;

    if (path === '/json/f0401') {
      const d = parsed as Record<string, unknown>;
      const code = checkF0401(d);
      if (code !== 0) return answer(code);
      const orderId = String(d.OrderId);
      if (byOrder.has(orderId)) return answer(AMEGO_CODE.ORDER_ID_USED, {}, 'OrderId 已存在');
      const ms = now();
      const { key, letters } = periodOf(ms);
      const seq = (counters.get(key) ?? 0) + 1;
      counters.set(key, seq);
      const inv: SimulatedInvoice = {
        orderId,
        invoiceNumber: letters + String(seq).padStart(8, '0'),
        invoiceTime: Math.floor(ms / 1000),
        randomNumber: String(Math.floor(Math.random() * 10000)).padStart(4, '0'),
        totalAmount: Number(d.TotalAmount),
        data: d,
        cancelDate: null,
      };
      byOrder.set(orderId, inv);
      router.invoices.set(inv.invoiceNumber, inv);
      if (loseNext) {
        loseNext = false;
        return void res.status(500).send('Internal Server Error');
      }
      return answer(0, {
        invoice_number: inv.invoiceNumber,
        invoice_time: inv.invoiceTime,
        random_number: inv.randomNumber,
        barcode: `${key.replace('-', '')}${inv.invoiceNumber}${inv.randomNumber}`,
        qrcode_left: `${inv.invoiceNumber}sim`,
        qrcode_right: '**',
      });
    }

    if (path === '/json/f0501') {
      if (!Array.isArray(parsed)) return answer(AMEGO_CODE.VOID_NOT_ARRAY);
      for (const entry of parsed as Array<Record<string, unknown>>) {
        const no = typeof entry?.CancelInvoiceNumber === 'string' ? entry.CancelInvoiceNumber : '';
        if (!/^[A-Z]{2}\d{8}$/.test(no)) return answer(AMEGO_CODE.VOID_BAD_NUMBER);
        const inv = router.invoices.get(no);
        if (!inv) return answer(AMEGO_CODE.VOID_UNKNOWN);
        if (inv.cancelDate !== null) return answer(AMEGO_CODE.VOID_ALREADY);
        if ([...router.allowances.values()].some((a) => a.invoiceNumber === no && a.cancelDate === null)) return answer(AMEGO_CODE.VOID_HAS_ALLOWANCE, {}, '發票已開立折讓，無法作廢');
      }
      for (const entry of parsed as Array<{ CancelInvoiceNumber: string }>) {
        router.invoices.get(entry.CancelInvoiceNumber)!.cancelDate = Math.floor(now() / 1000);
      }
      return answer(0);
    }

    if (path === '/json/g0401') {
      const result = checkG0401(parsed, router.invoices, router.allowances);
      if ('code' in result) return answer(result.code, {}, result.msg);
      router.allowances.set(result.allowance.allowanceNumber, result.allowance);
      return answer(0);
    }

    if (path === '/json/g0501') {
      if (!Array.isArray(parsed)) return answer(AMEGO_CODE.ALLOWANCE_VOID_NOT_ARRAY);
      for (const entry of parsed as Array<Record<string, unknown>>) {
        const al = router.allowances.get(typeof entry?.CancelAllowanceNumber === 'string' ? entry.CancelAllowanceNumber : '');
        if (!al) return answer(AMEGO_CODE.ALLOWANCE_VOID_UNKNOWN, {}, '查無折讓單');
        if (al.cancelDate !== null) return answer(AMEGO_CODE.ALLOWANCE_VOID_ALREADY, {}, '折讓單已作廢');
      }
      for (const entry of parsed as Array<{ CancelAllowanceNumber: string }>) {
        router.allowances.get(entry.CancelAllowanceNumber)!.cancelDate = Math.floor(now() / 1000);
      }
      return answer(0);
    }

    if (path === '/json/allowance_query') {
      const al = router.allowances.get(String((parsed as Record<string, unknown>)?.allowance_number ?? ''));
      if (!al) return answer(AMEGO_CODE.NO_DATA);
      return answer(0, {
        data: {
          allowance_number: al.allowanceNumber,
          allowance_date: al.allowanceDate,
          invoice_number: al.invoiceNumber,
          buyer_identifier: al.data.BuyerIdentifier,
          total_amount: al.totalAmount,
          tax_amount: al.taxAmount,
          cancel_date: al.cancelDate ?? '',
          items: al.data.ProductItem,
        },
      });
    }

    // invoice_query
    const q = parsed as Record<string, unknown>;
    const inv =
      q.type === 'order' ? byOrder.get(String(q.order_id)) : q.type === 'invoice' ? router.invoices.get(String(q.invoice_number)) : undefined;
    if (!inv) return answer(AMEGO_CODE.NO_DATA);
    return answer(0, {
      data: {
        order_id: inv.orderId,
        invoice_number: inv.invoiceNumber,
        invoice_time: inv.invoiceTime,
        random_number: inv.randomNumber,
        total_amount: inv.totalAmount,
        buyer_identifier: inv.data.BuyerIdentifier,
        cancel_date: inv.cancelDate ?? '',
      },
    });
  });

  return router;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** The f0401 checks Amego documents (§5); returns 0 or the refusing code. */
function checkF0401(d: Record<string, unknown>): number {
  if (!d || typeof d !== 'object' || Array.isArray(d)) return AMEGO_CODE.NOT_JSON;
  if (typeof d.OrderId !== 'string' || d.OrderId === '' || d.OrderId.length > 40) return AMEGO_CODE.NOT_JSON;
  const buyerId = typeof d.BuyerIdentifier === 'string' ? d.BuyerIdentifier : '';
  if (buyerId.length !== 8 && buyerId !== CONSUMER_BUYER_ID) return AMEGO_CODE.BUYER_ID_LENGTH;
  if (!/^\d+$/.test(buyerId)) return AMEGO_CODE.BUYER_ID_FORMAT;
  const company = buyerId !== CONSUMER_BUYER_ID;
  if (typeof d.BuyerName !== 'string' || d.BuyerName === '') return AMEGO_CODE.NO_BUYER_NAME;
  if (d.DetailVat !== undefined && Number(d.DetailVat) === 0 && !company) return AMEGO_CODE.DETAIL_VAT_WITHOUT_TAX_ID;

  const carrier = typeof d.CarrierType === 'string' ? d.CarrierType : '';
  if (carrier !== '') {
    const id1 = String(d.CarrierId1 ?? '');
    const ok =
      (carrier === '3J0002' && /^\/[0-9A-Z.+-]{7}$/.test(id1)) ||
      (carrier === 'CQ0001' && /^[A-Z]{2}\d{14}$/.test(id1)) ||
      (carrier === 'amego' && (/^[^@\s]+@[^@\s]+$/.test(id1) || /^a09\d{8}$/.test(id1)));
    // Carrier together with a tax id is unconfirmed (§8): accepted.
    if (!ok || String(d.CarrierId2 ?? '') !== id1) return AMEGO_CODE.CARRIER_UNKNOWN;
  }
  if (d.NPOBAN !== undefined && d.NPOBAN !== '') {
    if (typeof d.NPOBAN !== 'string' || !LOVE_CODE.test(d.NPOBAN) || company || carrier !== '') return AMEGO_CODE.DONATION_CODE;
  }

  const items = d.ProductItem;
  if (!Array.isArray(items) || items.length === 0) return AMEGO_CODE.NOT_JSON;
  let sum = 0;
  for (const it of items as Array<Record<string, unknown>>) {
    if (![1, 2, 3].includes(Number(it.TaxType))) return AMEGO_CODE.ITEM_TAX_TYPE;
    if (!isInt(it.Amount) || !isInt(it.Quantity) || !isInt(it.UnitPrice)) return AMEGO_CODE.SALES_AMOUNT_WRONG;
    sum += it.Amount;
  }
  const total = d.TotalAmount;
  if (!isInt(total) || total !== sum) return AMEGO_CODE.SALES_AMOUNT_WRONG;
  const expected = company ? companyTaxSplit(total) : { salesAmount: total, taxAmount: 0 };
  if (d.SalesAmount !== expected.salesAmount || d.TaxAmount !== expected.taxAmount) return AMEGO_CODE.SALES_AMOUNT_WRONG;
  return 0;
}

/** YYYYMMDD (Taipei) of a unix time. */
function ymd(unix: number): string {
  return taipeiToday(new Date(unix * 1000)).replace(/-/g, '');
}

/**
 * The g0401 checks (PROVIDERS.md §5; the codes are the simulator's, unconfirmed §8): an array of
 * one allowance, our number ≤ 16 and unused, the date, type 2, the buyer as on the invoice, every
 * line against a known, unvoided invoice and its date, Amount = Quantity × UnitPrice, TotalAmount =
 * Σ Amount and TaxAmount = Σ Tax, and all allowances of an invoice within its total.
 */
function checkG0401(
  parsed: unknown,
  invoices: Map<string, SimulatedInvoice>,
  allowances: Map<string, SimulatedAllowance>,
): { code: number; msg?: string } | { allowance: SimulatedAllowance } {
  if (!Array.isArray(parsed)) return { code: AMEGO_CODE.ALLOWANCE_NOT_ARRAY, msg: 'data 須為陣列' };
  if (parsed.length !== 1 || !parsed[0] || typeof parsed[0] !== 'object') return { code: AMEGO_CODE.ALLOWANCE_FIELD, msg: '一次開立一張折讓單' };
  const d = parsed[0] as Record<string, unknown>;
  const no = typeof d.AllowanceNumber === 'string' ? d.AllowanceNumber : '';
  if (!/^[\x21-\x7e]{1,16}$/.test(no)) return { code: AMEGO_CODE.ALLOWANCE_FIELD, msg: 'AllowanceNumber 錯誤' };
  if (allowances.has(no)) return { code: AMEGO_CODE.ALLOWANCE_NUMBER_USED, msg: 'AllowanceNumber 已存在' };
  if (typeof d.AllowanceDate !== 'string' || !/^\d{8}$/.test(d.AllowanceDate)) return { code: AMEGO_CODE.ALLOWANCE_FIELD, msg: 'AllowanceDate 錯誤' };
  if (Number(d.AllowanceType) !== 2) return { code: AMEGO_CODE.ALLOWANCE_FIELD, msg: 'AllowanceType 錯誤' };
  const buyerId = typeof d.BuyerIdentifier === 'string' ? d.BuyerIdentifier : '';
  if (buyerId !== CONSUMER_BUYER_ID && !/^\d{8}$/.test(buyerId)) return { code: AMEGO_CODE.ALLOWANCE_BUYER, msg: 'BuyerIdentifier 錯誤' };
  if (typeof d.BuyerName !== 'string' || d.BuyerName === '') return { code: AMEGO_CODE.ALLOWANCE_BUYER, msg: 'BuyerName 為空值' };
  const items = d.ProductItem;
  if (!Array.isArray(items) || items.length === 0) return { code: AMEGO_CODE.ALLOWANCE_FIELD, msg: 'ProductItem 為空值' };
  let amount = 0;
  let tax = 0;
  let invoiceNumber = '';
  for (const it of items as Array<Record<string, unknown>>) {
    const inv = invoices.get(String(it?.OriginalInvoiceNumber ?? ''));
    if (!inv) return { code: AMEGO_CODE.ALLOWANCE_INVOICE_UNKNOWN, msg: '查無原發票' };
    if (inv.cancelDate !== null) return { code: AMEGO_CODE.ALLOWANCE_INVOICE_VOID, msg: '原發票已作廢' };
    if (invoiceNumber && inv.invoiceNumber !== invoiceNumber) return { code: AMEGO_CODE.ALLOWANCE_FIELD, msg: '一張折讓單限一張發票' };
    invoiceNumber = inv.invoiceNumber;
    if (String(it.OriginalInvoiceDate) !== ymd(inv.invoiceTime)) return { code: AMEGO_CODE.ALLOWANCE_FIELD, msg: 'OriginalInvoiceDate 錯誤' };
    if (String(inv.data.BuyerIdentifier) !== buyerId) return { code: AMEGO_CODE.ALLOWANCE_BUYER, msg: 'BuyerIdentifier 與原發票不符' };
    if (typeof it.OriginalDescription !== 'string' || it.OriginalDescription === '') return { code: AMEGO_CODE.ALLOWANCE_FIELD, msg: 'OriginalDescription 為空值' };
    if (![1, 2, 3].includes(Number(it.TaxType))) return { code: AMEGO_CODE.ITEM_TAX_TYPE };
    if (!isInt(it.Quantity) || it.Quantity <= 0 || !isInt(it.UnitPrice) || !isInt(it.Amount) || !isInt(it.Tax) || it.Tax < 0 || it.Amount < 0) {
      return { code: AMEGO_CODE.ALLOWANCE_AMOUNT_WRONG, msg: '金額錯誤' };
    }
    if (it.Amount !== it.Quantity * it.UnitPrice) return { code: AMEGO_CODE.ALLOWANCE_AMOUNT_WRONG, msg: 'Amount 不等於 Quantity × UnitPrice' };
    amount += it.Amount;
    tax += it.Tax;
  }
  if (d.TotalAmount !== amount || d.TaxAmount !== tax || amount + tax <= 0) return { code: AMEGO_CODE.ALLOWANCE_AMOUNT_WRONG, msg: 'TotalAmount / TaxAmount 錯誤' };
  const inv = invoices.get(invoiceNumber)!;
  const before = [...allowances.values()].filter((a) => a.invoiceNumber === invoiceNumber && a.cancelDate === null).reduce((s, a) => s + a.totalAmount + a.taxAmount, 0);
  if (before + amount + tax > inv.totalAmount) return { code: AMEGO_CODE.ALLOWANCE_OVER_INVOICE, msg: '折讓金額超過發票金額' };
  return { allowance: { allowanceNumber: no, invoiceNumber, allowanceDate: d.AllowanceDate, totalAmount: amount, taxAmount: tax, data: d, cancelDate: null } };
}

export interface StartedAmegoSimulator extends AmegoSimulatorControls {
  /** Base URL for AMEGO_API_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** Listens on a free 127.0.0.1 port (tests). */
export async function startAmegoSimulator(opts: Partial<AmegoSimulatorOptions> = {}): Promise<StartedAmegoSimulator> {
  const sim = createAmegoSimulator({ taxId: opts.taxId ?? '12345675', appKey: opts.appKey ?? 'sim-app-key', now: opts.now });
  const listening = await listenOnLoopback(sim);
  return {
    url: listening.url,
    get calls() {
      return sim.calls;
    },
    get invoices() {
      return sim.invoices;
    },
    get allowances() {
      return sim.allowances;
    },
    failNext: sim.failNext,
    outage: sim.outage,
    loseNextAnswer: sim.loseNextAnswer,
    reset: sim.reset,
    close: listening.close,
  };
}
