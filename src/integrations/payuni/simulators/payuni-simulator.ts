import express, { NextFunction, Request, Response, Router } from 'express';
import { randomInt } from 'node:crypto';
import { decryptInfo, hashInfo, hashMatches, ParsedQuery, PayuniEnvelope, QueryRecord, sealEnvelope } from '../payuni-crypto';
import { AUTO_SUBMIT_JS, PAYUNI_VERSIONS } from '../payuni-client';
import { checkTradeRules, DEFAULT_EXPIRE_DAYS, MER_TRADE_NO, PayuniMethod, taipeiDate } from '../payuni-gateway';
import { taipeiTimestamp } from '../../../common/time/taipei-time';
import { listenOnLoopback } from '../../simulators/listen';
import { SIMULATOR_HASH_IV, SIMULATOR_HASH_KEY, SIMULATOR_MER_ID } from '../payuni-config';

/**
 * A local PAYUNi (payments part): the same envelope and crypto as the real gateway
 * (PROVIDERS.md §1–2), trades in memory, a zh-TW 「模擬付款」 page for UPP (card) and for
 * ATM/CVS codes, and signed NotifyURL callbacks (server-to-server, retried on non-200).
 * Lenient where PROVIDERS.md §8 says a thing is unconfirmed (multipart or urlencoded bodies,
 * any Timestamp, any notify answer body as long as the status is 200).
 */
export interface PayuniSimulatorOptions {
  merId: string;
  hashKey: string;
  hashIv: string;
  /** Absolute base URL the browser reaches the simulator at (default: relative to the request). */
  publicUrl?: string;
  /** Delays before each NotifyURL retry (ms); attempts = length + 1. Default [1000, 3000, 10000]. */
  notifyRetryDelaysMs?: number[];
  /** Clock (tests). */
  now?: () => Date;
  /** Where shipment status notifies go (set in PAYUNi's back office; `setStatusNotifyUrl` changes it). */
  statusNotifyUrl?: string;
}

/** A shipment made by `logistics/trade` or `home_delivery/trade`. */
export interface SimShipment {
  shipTradeNo: string;
  merTradeNo: string;
  lgsType: 'C2C' | 'B2C' | 'HOME';
  goodsType: string;
  serviceType: string;
  tradeAmt: number;
  consignee: string;
  consigneeMobile: string;
  storeId?: string;
  storeName?: string;
  storeAddr?: string;
  address?: string;
  prodDesc?: string;
  partnerId?: string;
  validationNo?: string;
  obtNumber?: string;
  fileNo?: string;
  /** Current ShipStatus and its time (`YYYY-MM-DD HH:II:SS`, Taipei). */
  shipStatus: string;
  shipStatusTime: string;
  history: { shipStatus: string; shipStatusTime: string }[];
  /** T-cat labels fetched (get_obt_number_pdf). */
  labelsPrinted: number;
  createdAt: Date;
}

export interface SimTrade {
  tradeNo: string;
  merTradeNo: string;
  tradeAmt: number;
  prodDesc: string;
  paymentType: 1 | 2 | 3;
  tradeStatus: number;
  createdAt: Date;
  notifyUrl?: string;
  returnUrl?: string;
  backUrl?: string;
  usrMail?: string;
  bankType?: string;
  payNo?: string;
  /** `YYYY-MM-DD HH:II:SS` (ATM/CVS). */
  expireDate?: string;
  payTime?: string;
  /** Card: 1 pending capture, 2 captured, 9 none (voided). */
  closeStatus?: number;
  refundAmt?: number;
  /** Version of the call that created it (callbacks of UPP trades use it). */
  version: string;
}

export type SimOutcome = 'paid' | 'failed' | 'expired';

export interface NotifyAttempt {
  url: string;
  merTradeNo: string;
  attempt: number;
  /** HTTP status, or undefined on a network error. */
  status?: number;
  error?: string;
  fields: PayuniEnvelope & { Status: string };
}

/** `lostAnswer`: the call is carried out, then the connection drops before the answer (a retry meets the duplicate). */
export type SimFailure = 'http500' | 'timeout' | 'tamper' | 'badJson' | 'dropConnection' | 'lostAnswer' | { code: string; message?: string };

export interface PayuniSimulatorControls {
  readonly trades: Map<string, SimTrade>;
  readonly notifications: NotifyAttempt[];
  /** Every /api call answers HTTP 503 for `ms`. */
  simulateOutage(ms: number): void;
  /** The next `times` /api calls fail this way (`timeout` holds the answer 60 s; `tamper` breaks HashInfo). */
  failNext(kind: SimFailure, times?: number): void;
  /** Store-map requests opened and not yet answered, by their key. */
  readonly mapRequests: Map<string, { merKeyNo: string; mapReturnUrl: string; mapType: number; mobile: boolean }>;
  /** The signed form the map would post to MapReturnURL for this pick (what the browser sends). */
  mapReturnFields(merKeyNo: string, storeId: string): PayuniEnvelope & { Status: string };
  /** Settles a trade as if the payer pressed a button; resolves when its notify is delivered or given up. */
  settle(merTradeNo: string, outcome: SimOutcome): Promise<NotifyAttempt | undefined>;
  /** Resolves when all notify deliveries in flight are done. */
  idle(): Promise<void>;
  /** Shipments by ShipTradeNo. */
  readonly shipments: Map<string, SimShipment>;
  /** Where status notifies go (PAYUNi: a back-office setting). */
  setStatusNotifyUrl(url: string | undefined): void;
  /** The URL status notifies go to now (undefined: none set). */
  statusNotifyTarget(): string | undefined;
  /**
   * Moves a shipment to `shipStatus` (default: the next step — C2C 91→21→31→32→11, HOME 91→21→31→11)
   * and posts the signed status notify; resolves when it is delivered or given up.
   */
  advanceShipment(shipTradeNo: string, shipStatus?: string): Promise<NotifyAttempt | undefined>;
  /** Drops all trades, notifications and pending failures. */
  reset(): void;
  /** Stops pending notify retries (before closing a server). */
  shutdown(): void;
}

export type PayuniSimulator = Router & PayuniSimulatorControls;

const esc = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STATUS_TEXT: Record<number, string> = { 0: '待付款', 1: '付款成功', 2: '付款失敗', 3: '已取消', 4: '已逾期', 8: '審核中', 9: '未付款' };
const TYPE_TEXT: Record<number, string> = { 1: '信用卡', 2: 'ATM 虛擬帳號', 3: '超商代碼 (7-ELEVEN)' };

/** Envelope errors per API (PROVIDERS.md §1; prefixes other than UPP/QUERY are unconfirmed → DEF). */
const ENVELOPE_CODES: Record<string, { hash: string; decrypt: string }> = {
  upp: { hash: 'UPP01003', decrypt: 'UPP01004' },
  'trade/query': { hash: 'QUERY01002', decrypt: 'QUERY01003' },
};
const DEF_CODES = { hash: 'DEF01007', decrypt: 'DEF01002' };
/** Error-code prefix per API (field 02xxx / processing 03xxx; numbers beyond §1 unconfirmed). */
const PREFIX: Record<string, string> = {
  upp: 'UPP',
  atm: 'ATM',
  cvs: 'CVS',
  'trade/query': 'QUERY',
  'trade/close': 'CLOSE',
  'trade/cancel': 'CANCEL',
  cancel_cvs: 'CANCELCVS',
  'logistics/ship_map': 'LGS',
  'logistics/trade': 'LGS',
  'home_delivery/trade': 'HOME',
  'logistics/query': 'LGSQ',
  'logistics/cancel': 'LGSC',
};

/** A 7-ELEVEN store of the simulated map. */
export interface SimStore {
  StoreID: string;
  StoreName: string;
  Address: string;
  StoreType: string;
  /** `Y` for an offshore-island store (shown only with MapType 2). */
  InsularArea: 'Y' | 'N';
}

/** The simulated map's stores (invented, plausible: 6-digit ids, one offshore). */
export const SIM_STORES: readonly SimStore[] = [
  { StoreID: '241610', StoreName: '北車站門市', Address: '台北市中正區忠孝西路一段49號', StoreType: 'UNIMART', InsularArea: 'N' },
  { StoreID: '155139', StoreName: '信義松仁門市', Address: '台北市信義區松仁路58號', StoreType: 'UNIMART', InsularArea: 'N' },
  { StoreID: '176201', StoreName: '板橋府中門市', Address: '新北市板橋區府中路15號', StoreType: 'UNIMART', InsularArea: 'N' },
  { StoreID: '188532', StoreName: '新竹光復門市', Address: '新竹市東區光復路二段101號', StoreType: 'UNIMART', InsularArea: 'N' },
  { StoreID: '203512', StoreName: '台中公益門市', Address: '台中市西區公益路155號', StoreType: 'UNIMART', InsularArea: 'N' },
  { StoreID: '226703', StoreName: '台南大學門市', Address: '台南市東區大學路18號', StoreType: 'UNIMART', InsularArea: 'N' },
  { StoreID: '217401', StoreName: '高雄中正門市', Address: '高雄市苓雅區中正一路120號', StoreType: 'UNIMART', InsularArea: 'N' },
  { StoreID: '950284', StoreName: '澎湖馬公門市', Address: '澎湖縣馬公市中正路12號', StoreType: 'UNIMART', InsularArea: 'Y' },
];

const MAP_BANNER = 'PAYUNi 模擬器 — 測試用門市，不會真的寄送';

/** A store-map request waiting for the shopper's pick. */
interface MapRequest {
  merKeyNo: string;
  mapReturnUrl: string;
  mapType: number;
  mobile: boolean;
  version: string;
}

class SimError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Inner fields sent with the refusal (sealed, even for an 01xxx code). */
    readonly fields?: QueryRecord,
  ) {
    super(message);
  }
}

/** ShipStatus texts of the simulated carrier. */
const SIM_SHIP_TEXT: Record<string, string> = {
  '91': '訂單建立',
  '21': '待出貨（已寄件）',
  '22': '物流中心驗收',
  '31': '配送中',
  '32': '已到店，待取件',
  '33': '配送異常',
  '11': '已取件',
  '41': '已取消',
  '51': '退貨處理中',
  '55': '退貨完成',
  '81': '門市關轉',
};
const SHIP_STEPS: Record<'store' | 'home', string[]> = { store: ['91', '21', '31', '32', '11'], home: ['91', '21', '31', '11'] };
const SHIP_BANNER = 'PAYUNi 模擬器 — 模擬物流，不會真的寄送';


/** Minimal multipart/form-data reader for text fields (the PHP SDK posts multipart). */
function parseMultipart(body: Buffer, contentType: string): Record<string, string> {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const out: Record<string, string> = {};
  if (!m) return out;
  const boundary = `--${m[1] ?? m[2]}`;
  for (const part of body.toString('utf8').split(boundary)) {
    const sep = part.indexOf('\r\n\r\n');
    if (sep < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, sep));
    if (name) out[name[1]] = part.slice(sep + 4).replace(/\r\n$/, '');
  }
  return out;
}

function fieldsOf(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  const src: unknown = req.body;
  if (Buffer.isBuffer(src)) return parseMultipart(src, req.headers['content-type'] ?? '');
  if (src && typeof src === 'object') {
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

function flat(q: ParsedQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string') out[k] = v;
  return out;
}

function page(title: string, body: string, banner = 'PAYUNi 模擬器 — 測試用，不會真的扣款'): string {
  return `<!doctype html>
<html lang="zh-Hant-TW"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} - PAYUNi 模擬器</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Noto Sans TC","PingFang TC",sans-serif;background:#f3f4f6;color:#111}
main{max-width:420px;margin:0 auto;padding:16px}
.banner{background:#b45309;color:#fff;padding:8px 12px;border-radius:8px;font-size:14px;text-align:center}
h1{font-size:22px;margin:16px 0 8px}
dl{background:#fff;border-radius:8px;padding:12px;margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:6px 12px;word-break:break-all}
dt{color:#555}dd{margin:0}.amt{font-size:24px;font-weight:700}
button{display:block;width:100%;min-height:48px;margin:0 0 10px;font-size:18px;border:0;border-radius:8px;color:#fff;cursor:pointer}
.ok{background:#15803d}.fail{background:#b91c1c}.expire{background:#4b5563}
.err{background:#fee2e2;color:#991b1b;padding:12px;border-radius:8px}
.store button{background:#fff;color:#111;text-align:left;padding:10px 12px;border:1px solid #d1d5db;font-size:16px}
.store button b,.store button span,.store button small{display:block}.store button span{color:#374151;font-size:14px}.store button small{color:#6b7280;font-size:12px}
a{color:#1d4ed8}table{width:100%;border-collapse:collapse;background:#fff;font-size:14px}td,th{padding:6px;border-bottom:1px solid #ddd;text-align:left}
</style></head><body><main><div class="banner">${esc(banner)}</div>${body}</main></body></html>`;
}

export function createPayuniSimulator(options: PayuniSimulatorOptions): PayuniSimulator {
  const { merId, hashKey, hashIv } = options;
  const now = options.now ?? (() => new Date());
  const retryDelays = options.notifyRetryDelaysMs ?? [1000, 3000, 10_000];
  const trades = new Map<string, SimTrade>();
  const notifications: NotifyAttempt[] = [];
  const failures: SimFailure[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const mapRequests = new Map<string, MapRequest>();
  const shipments = new Map<string, SimShipment>();
  const shipmentsByMer = new Map<string, SimShipment>();
  let statusNotifyUrl = options.statusNotifyUrl;
  let outageUntil = 0;
  let seq = 0;
  let stopped = false;

  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '64kb' }));
  router.use(express.raw({ type: 'multipart/form-data', limit: '64kb' }));

  const base = (req: Request) => (options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : req.baseUrl);

  /** Verifies an incoming envelope; returns the decrypted inner fields or throws SimError. */
  function open(api: string, form: Record<string, string>): Record<string, string> {
    const codes = ENVELOPE_CODES[api] ?? DEF_CODES;
    if (!form.Version) throw new SimError('API00002', '缺少 Version');
    if (!form.EncryptInfo) throw new SimError('API00004', '缺少 EncryptInfo');
    if (!form.HashInfo) throw new SimError('API00005', '缺少 HashInfo');
    if (form.MerID !== merId) throw new SimError('DEF01005', '查無此商店');
    if (!hashMatches(form.HashInfo, hashInfo(form.EncryptInfo, hashKey, hashIv))) throw new SimError(codes.hash, 'HashInfo 驗證失敗');
    let inner: Record<string, string>;
    try {
      inner = flat(decryptInfo(form.EncryptInfo, hashKey, hashIv));
    } catch {
      throw new SimError(codes.decrypt, 'EncryptInfo 解密失敗');
    }
    if (inner.MerID !== merId) throw new SimError(codes.hash.replace(/\d{5}$/, '01005'), '商店代號不符');
    return inner;
  }

  function seal(version: string, status: string, inner: QueryRecord): PayuniEnvelope & { Status: string } {
    return { Status: status, ...sealEnvelope(merId, version, { Status: status, MerID: merId, ...inner }, hashKey, hashIv) };
  }

  function newTradeNo(): string {
    seq += 1;
    return `${Math.floor(now().getTime() / 1000)}${String(seq).padStart(4, '0')}${randomInt(10, 99)}`;
  }

  function checkReuse(api: string, merTradeNo: string): void {
    const prev = trades.get(merTradeNo);
    if (!prev) return;
    const recent = now().getTime() - prev.createdAt.getTime() < 10 * 60_000;
    if (recent || prev.tradeStatus === 1) throw new SimError(`${PREFIX[api]}01007`, '商店訂單編號重複');
  }

  function rules(api: string, method: PayuniMethod, inner: Record<string, string>): number {
    const prefix = PREFIX[api];
    if (!MER_TRADE_NO.test(inner.MerTradeNo ?? '')) throw new SimError(`${prefix}02001`, '商店訂單編號格式錯誤');
    if (!/^\d+$/.test(inner.TradeAmt ?? '')) throw new SimError(`${prefix}02002`, '訂單金額格式錯誤');
    const amt = Number(inner.TradeAmt);
    const bad = checkTradeRules(method, { merTradeNo: inner.MerTradeNo, tradeAmt: amt, expireDate: inner.ExpireDate || undefined }, now());
    if (bad && /TradeAmt/.test(bad)) throw new SimError(`${prefix}02002`, '訂單金額超出限制');
    if (bad && /ExpireDate/.test(bad)) throw new SimError(`${prefix}02003`, '繳費期限錯誤');
    if (bad) throw new SimError(`${prefix}02001`, bad);
    if (!inner.ProdDesc) throw new SimError(`${prefix}02004`, '缺少商品說明');
    return amt;
  }

  function record(api: string, inner: Record<string, string>, amt: number, paymentType: 1 | 2 | 3, version: string): SimTrade {
    checkReuse(api, inner.MerTradeNo);
    const trade: SimTrade = {
      tradeNo: newTradeNo(),
      merTradeNo: inner.MerTradeNo,
      tradeAmt: amt,
      prodDesc: inner.ProdDesc,
      paymentType,
      tradeStatus: 0,
      createdAt: now(),
      notifyUrl: inner.NotifyURL || undefined,
      returnUrl: inner.ReturnURL || undefined,
      backUrl: inner.BackURL || undefined,
      usrMail: inner.UsrMail || undefined,
      version,
    };
    trades.set(trade.merTradeNo, trade);
    return trade;
  }

  const apiHandlers: Record<string, (inner: Record<string, string>) => QueryRecord> = {
    atm(inner) {
      const amt = rules('atm', 'atm', inner);
      if (!/^\d{3}$/.test(inner.BankType ?? '')) throw new SimError('ATM02005', '銀行代碼錯誤');
      const trade = record('atm', inner, amt, 2, '1.3');
      trade.bankType = inner.BankType;
      trade.payNo = `${inner.BankType === '822' ? '9' : '8'}${String(randomInt(10 ** 12, 10 ** 13))}`;
      trade.expireDate = `${inner.ExpireDate || taipeiDate(now(), DEFAULT_EXPIRE_DAYS.atm)} 23:59:59`;
      return {
        TradeNo: trade.tradeNo,
        MerTradeNo: trade.merTradeNo,
        TradeAmt: trade.tradeAmt,
        TradeStatus: 0,
        PaymentType: 2,
        BankType: trade.bankType,
        PayNo: trade.payNo,
        ExpireDate: trade.expireDate,
      };
    },
    cvs(inner) {
      const amt = rules('cvs', 'cvs', inner);
      const trade = record('cvs', inner, amt, 3, '1.3');
      trade.payNo = `LLL${String(randomInt(10 ** 10, 10 ** 11))}`;
      trade.expireDate = `${inner.ExpireDate || taipeiDate(now(), DEFAULT_EXPIRE_DAYS.cvs)} 23:59:59`;
      return {
        TradeNo: trade.tradeNo,
        MerTradeNo: trade.merTradeNo,
        TradeAmt: trade.tradeAmt,
        TradeStatus: 0,
        PaymentType: 3,
        PayNo: trade.payNo,
        Store: 'SEVEN',
        ExpireDate: trade.expireDate,
      };
    },
    'trade/query'(inner) {
      const trade = inner.MerTradeNo ? trades.get(inner.MerTradeNo) : [...trades.values()].find((t) => t.tradeNo === inner.TradeNo);
      if (!trade || (inner.TradeNo && trade.tradeNo !== inner.TradeNo)) throw new SimError('QUERY03001', '查無交易');
      const row: QueryRecord = {
        TradeNo: trade.tradeNo,
        MerTradeNo: trade.merTradeNo,
        TradeAmt: trade.tradeAmt,
        TradeStatus: trade.tradeStatus,
        PaymentType: trade.paymentType,
        PaymentDay: trade.payTime ?? '',
        DataSource: 'A',
      };
      if (trade.paymentType === 1) Object.assign(row, { CloseStatus: trade.closeStatus ?? 9, RefundAmt: trade.refundAmt ?? 0 });
      else Object.assign(row, { OffPayNo: trade.payNo ?? '', OffExpireTime: trade.expireDate ?? '' });
      return { Result: [row] };
    },
    cancel_cvs(inner) {
      const trade = [...trades.values()].find((t) => t.paymentType === 3 && t.payNo === inner.PayNo);
      if (!trade) throw new SimError('CANCELCVS03001', '查無超商代碼');
      if (trade.tradeStatus !== 0) throw new SimError('CANCELCVS03002', '此代碼已付款或已失效，無法取消');
      trade.tradeStatus = 3;
      return { PayNo: trade.payNo ?? '', VerifyCode: String(randomInt(100000, 999999)) };
    },
    'trade/close'(inner) {
      const trade = cardTrade('CLOSE', inner.TradeNo);
      const type = Number(inner.CloseType);
      const amt = Number(inner.TradeAmt);
      if (![1, 2, -1, -2].includes(type)) throw new SimError('CLOSE02002', 'CloseType 錯誤');
      if (!Number.isSafeInteger(amt) || amt < 1) throw new SimError('CLOSE02003', '金額錯誤');
      if (type === 1) {
        if (trade.closeStatus !== 1 || amt > trade.tradeAmt) throw new SimError('CLOSE03002', '無法請款');
        trade.closeStatus = 2;
      } else if (type === -1) {
        if (trade.closeStatus !== 2 || (trade.refundAmt ?? 0) > 0) throw new SimError('CLOSE03003', '無法取消請款');
        trade.closeStatus = 1;
      } else if (type === 2) {
        if (trade.closeStatus !== 2 || amt > trade.tradeAmt - (trade.refundAmt ?? 0)) throw new SimError('CLOSE03004', '退款金額超過可退金額');
        trade.refundAmt = (trade.refundAmt ?? 0) + amt;
      } else {
        if (!trade.refundAmt || amt > trade.refundAmt) throw new SimError('CLOSE03005', '無法取消退款');
        trade.refundAmt -= amt;
      }
      return { TradeNo: trade.tradeNo, CloseType: type };
    },
    'trade/cancel'(inner) {
      const trade = cardTrade('CANCEL', inner.TradeNo);
      if (trade.closeStatus !== 1) throw new SimError('CANCEL03002', '已請款，無法取消授權');
      trade.tradeStatus = 3;
      trade.closeStatus = 9;
      return { TradeNo: trade.tradeNo };
    },
    'logistics/trade'(inner) {
      const p = 'LGS';
      if (!MER_TRADE_NO.test(inner.MerTradeNo ?? '')) throw new SimError(`${p}02001`, '商店訂單編號格式錯誤');
      const dup = shipmentsByMer.get(inner.MerTradeNo);
      if (dup) throw new SimError(`${p}01007`, '商店訂單編號重複', { MerTradeNo: dup.merTradeNo, ShipTradeNo: dup.shipTradeNo });
      if (!['C2C', 'B2C'].includes(inner.LgsType ?? '')) throw new SimError(`${p}02003`, 'LgsType 錯誤');
      if (!['1', '2'].includes(inner.GoodsType ?? '')) throw new SimError(`${p}02002`, 'GoodsType 錯誤');
      if (inner.ShipType !== '1') throw new SimError(`${p}02004`, 'ShipType 錯誤');
      if (!['1', '3'].includes(inner.ServiceType ?? '')) throw new SimError(`${p}02008`, 'ServiceType 錯誤');
      const amt = Number(inner.TradeAmt);
      if (!/^\d+$/.test(inner.TradeAmt ?? '') || amt > 20_000 || (inner.ServiceType === '1' && amt < 1)) throw new SimError(`${p}02009`, '訂單金額超出限制');
      if (!/^\d{6}$/.test(inner.StoreID ?? '')) throw new SimError(`${p}02010`, '門市代號錯誤');
      consignee(p, inner.Consignee, inner.ConsigneeMobile);
      if (inner.LgsType === 'C2C') {
        if (!/^\d{6}$/.test(inner.RefundStoreID ?? '')) throw new SimError(`${p}02013`, '退貨門市代號錯誤');
        if (!nameOk(inner.SenderName)) throw new SimError(`${p}02014`, '寄件人姓名格式錯誤');
        if (!/^09\d{8}$/.test(inner.SenderMobile ?? '')) throw new SimError(`${p}02015`, '寄件人手機格式錯誤');
      }
      const store = SIM_STORES.find((st) => st.StoreID === inner.StoreID);
      const sh = newShipment(inner, inner.LgsType as 'C2C' | 'B2C', amt);
      sh.storeId = inner.StoreID;
      sh.storeName = store?.StoreName ?? `模擬門市 ${inner.StoreID}`;
      sh.storeAddr = store?.Address ?? '台北市中正區模擬路1號';
      sh.partnerId = String(randomInt(10 ** 9, 10 ** 10 - 1)).slice(0, 9).padStart(9, '1');
      sh.validationNo = String(randomInt(1000, 9999));
      return {
        MerTradeNo: sh.merTradeNo,
        ShipTradeNo: sh.shipTradeNo,
        TradeNo: `T${sh.shipTradeNo}`,
        PartnerId: sh.partnerId,
        StoreName: sh.storeName,
        StoreAddr: sh.storeAddr,
        ShipAmt: 60,
      };
    },
    'home_delivery/trade'(inner) {
      const p = 'HOME';
      if (!MER_TRADE_NO.test(inner.MerTradeNo ?? '')) throw new SimError(`${p}02001`, '商店訂單編號格式錯誤');
      const dup = shipmentsByMer.get(inner.MerTradeNo);
      // PAYUNi's "already collected": the shipment exists; its label can be printed again.
      if (dup) throw new SimError(`${p}01092`, '此訂單已取號（重複領取）', { MerTradeNo: dup.merTradeNo, ShipTradeNo: dup.shipTradeNo });
      if (inner.LgsType !== 'HOME') throw new SimError(`${p}02003`, 'LgsType 錯誤');
      if (!['1', '2', '3'].includes(inner.GoodsType ?? '')) throw new SimError(`${p}02002`, 'GoodsType 錯誤');
      if (inner.ShipType !== '2') throw new SimError(`${p}02004`, 'ShipType 錯誤');
      if (!['1', '3'].includes(inner.ServiceType ?? '')) throw new SimError(`${p}02008`, 'ServiceType 錯誤');
      const amt = Number(inner.TradeAmt);
      if (!/^\d+$/.test(inner.TradeAmt ?? '') || amt < 30 || amt > 20_000) throw new SimError(`${p}02009`, '訂單金額超出限制');
      if (!['01', '02', '04'].includes(inner.DeliveryTimeTag ?? '')) throw new SimError(`${p}02010`, 'DeliveryTimeTag 錯誤');
      consignee(p, inner.Consignee, inner.ConsigneeMobile);
      if (!inner.ConsigneeAddress || [...inner.ConsigneeAddress].length > 120) throw new SimError(`${p}02013`, '收件地址格式錯誤');
      if (!inner.ProdDesc || [...inner.ProdDesc].length > 20) throw new SimError(`${p}02014`, '商品說明格式錯誤');
      const sh = newShipment(inner, 'HOME', amt);
      sh.address = inner.ConsigneeAddress;
      sh.prodDesc = inner.ProdDesc;
      sh.obtNumber = String(randomInt(10 ** 11, 10 ** 12 - 1));
      sh.fileNo = `F${sh.shipTradeNo}`;
      return { MerTradeNo: sh.merTradeNo, ShipTradeNo: sh.shipTradeNo, TradeType: 1 };
    },
    'logistics/cancel'(inner) {
      const sh = shipments.get(inner.ShipTradeNo ?? '');
      if (!sh || (inner.LgsType && inner.LgsType !== sh.lgsType)) throw new SimError('LGSC03001', '查無物流單');
      if (sh.shipStatus === '41') return { ShipTradeNo: sh.shipTradeNo, ShipStatus: '41' };
      // Only before the parcel is handed over (91 new, 92/98 processing).
      if (!['91', '92', '98'].includes(sh.shipStatus)) throw new SimError('LGSC03002', '物流單已寄出，無法取消');
      advance(sh, '41');
      void sendStatus(sh);
      return { ShipTradeNo: sh.shipTradeNo, ShipStatus: '41' };
    },
    'logistics/query'(inner) {
      const sh = shipments.get(inner.ShipTradeNo ?? '');
      if (!sh || (inner.LgsType && inner.LgsType !== sh.lgsType)) throw new SimError('LGSQ03001', '查無物流單');
      const out: QueryRecord = {
        ShipTradeNo: sh.shipTradeNo,
        MerTradeNo: sh.merTradeNo,
        LgsType: sh.lgsType,
        Odno: sh.merTradeNo,
        ShipStatus: sh.shipStatus,
        ShipStatusDesc: SIM_SHIP_TEXT[sh.shipStatus] ?? sh.shipStatus,
        ShipStatusTime: sh.shipStatusTime,
      };
      if (sh.lgsType === 'HOME') Object.assign(out, { FileNo: sh.fileNo, OBTNumber: sh.obtNumber });
      else out.ValidationNo = sh.validationNo;
      return out;
    },
  };

  function nameOk(name: string | undefined): boolean {
    const n = (name ?? '').trim();
    return /^[\u3400-\u9fff\uf900-\ufaff]{2,5}$/.test(n) || (/^[A-Za-z][A-Za-z .]{2,9}$/.test(n) && n.replace(/[ .]/g, '').length >= 4);
  }

  function consignee(p: string, name: string | undefined, mobile: string | undefined): void {
    if (!nameOk(name)) throw new SimError(`${p}02011`, '收件人姓名格式錯誤');
    if (!/^09\d{8}$/.test(mobile ?? '')) throw new SimError(`${p}02012`, '收件人手機格式錯誤');
  }

  function newShipment(inner: Record<string, string>, lgsType: SimShipment['lgsType'], amt: number): SimShipment {
    seq += 1;
    const at = taipeiTimestamp(now());
    const sh: SimShipment = {
      shipTradeNo: `${lgsType === 'HOME' ? 'HM' : 'CV'}${Math.floor(now().getTime() / 1000)}${String(seq).padStart(4, '0')}`,
      merTradeNo: inner.MerTradeNo,
      lgsType,
      goodsType: inner.GoodsType,
      serviceType: inner.ServiceType,
      tradeAmt: amt,
      consignee: inner.Consignee,
      consigneeMobile: inner.ConsigneeMobile,
      shipStatus: '91',
      shipStatusTime: at,
      history: [{ shipStatus: '91', shipStatusTime: at }],
      labelsPrinted: 0,
      createdAt: now(),
    };
    shipments.set(sh.shipTradeNo, sh);
    shipmentsByMer.set(sh.merTradeNo, sh);
    return sh;
  }

  /** The signed status notify of a shipment's current status. */
  function statusFields(sh: SimShipment): PayuniEnvelope & { Status: string } {
    const inner: QueryRecord = {
      ApiType: 'ShipStatus',
      MerTradeNo: sh.merTradeNo,
      ShipTradeNo: sh.shipTradeNo,
      LgsType: sh.lgsType,
      ShipStatus: sh.shipStatus,
      ShipStatusDesc: SIM_SHIP_TEXT[sh.shipStatus] ?? sh.shipStatus,
      ShipStatusTime: sh.shipStatusTime,
    };
    if (sh.lgsType === 'HOME') Object.assign(inner, { OBTNumber: sh.obtNumber, FileNo: sh.fileNo });
    return seal('1.0', 'SUCCESS', { Message: '貨態通知', ...inner });
  }

  function advance(sh: SimShipment, to?: string): void {
    let next = to;
    if (!next) {
      const steps = SHIP_STEPS[sh.lgsType === 'HOME' ? 'home' : 'store'];
      const i = steps.indexOf(sh.shipStatus);
      next = i >= 0 && i < steps.length - 1 ? steps[i + 1] : sh.shipStatus;
    }
    if (!/^\d{2}$/.test(next)) throw new Error(`Bad ShipStatus ${next}`);
    // Each step one second later than the last, so the order of the steps survives a fixed clock.
    const last = Date.parse(`${sh.shipStatusTime.replace(' ', 'T')}+08:00`);
    const at = taipeiTimestamp(new Date(Math.max(now().getTime(), (Number.isNaN(last) ? 0 : last) + 1000)));
    sh.shipStatus = next;
    sh.shipStatusTime = at;
    sh.history.push({ shipStatus: next, shipStatusTime: at });
  }

  function sendStatus(sh: SimShipment): Promise<NotifyAttempt | undefined> {
    if (!statusNotifyUrl) return Promise.resolve(undefined);
    return track(deliverTo(statusNotifyUrl, sh.shipTradeNo, statusFields(sh)));
  }

  function cardTrade(prefix: string, tradeNo: string | undefined): SimTrade {
    const trade = [...trades.values()].find((t) => t.tradeNo === tradeNo);
    if (!trade) throw new SimError(`${prefix}03001`, '查無交易');
    if (trade.paymentType !== 1 || trade.tradeStatus !== 1) throw new SimError(`${prefix}03006`, '非已授權之信用卡交易');
    return trade;
  }

  const VERSIONS: Record<string, string> = PAYUNI_VERSIONS;

  for (const api of Object.keys(apiHandlers)) {
    router.post(`/api/${api}`, (req: Request, res: Response) => {
      if (Date.now() < outageUntil) {
        res.status(503).type('text/plain').send('Service Unavailable');
        return;
      }
      const fail = failures.shift();
      if (fail === 'http500') return void res.status(500).type('text/plain').send('Internal Server Error');
      if (fail === 'badJson') return void res.status(200).type('text/html').send('<html>maintenance</html>');
      if (fail === 'dropConnection') return void req.socket.destroy();
      if (fail === 'lostAnswer') {
        // Carried out, answer lost on the way back.
        try {
          apiHandlers[api](open(api, fieldsOf(req)));
        } catch {
          /* a refusal is lost the same way */
        }
        return void req.socket.destroy();
      }
      if (fail === 'timeout') {
        const t = setTimeout(() => res.headersSent || res.status(504).end(), 60_000);
        res.on('close', () => clearTimeout(t));
        return;
      }
      const form = fieldsOf(req);
      const version = VERSIONS[api];
      let answer: PayuniEnvelope & { Status: string };
      try {
        if (fail && typeof fail === 'object') throw new SimError(fail.code, fail.message ?? '模擬錯誤');
        const inner = open(api, form);
        answer = seal(version, 'SUCCESS', { Message: '成功', ...apiHandlers[api](inner) });
      } catch (e) {
        if (!(e instanceof SimError)) throw e;
        // Envelope errors (01xxx) carry no EncryptInfo; field/processing errors carry the reason inside.
        if ((/01\d{3}$/.test(e.code) || /^API/.test(e.code)) && !e.fields) {
          res.json({ Status: e.code, Message: e.message, MerID: form.MerID ?? '', Version: version });
          return;
        }
        answer = seal(version, e.code, { Message: e.message, ...(e.fields ?? {}) });
      }
      if (fail === 'tamper') answer.HashInfo = answer.HashInfo.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
      res.json(answer);
    });
  }

  // ---- Browser pages --------------------------------------------------------

  function errorPage(res: Response, code: string, message: string, status = 400): void {
    res
      .status(status)
      .type('html')
      .send(page('錯誤', `<h1>交易無法進行</h1><p class="err">錯誤代碼 <b>${esc(code)}</b>：${esc(message)}</p>`));
  }

  function tradeInfo(t: SimTrade): string {
    return `<dl><dt>商店訂單編號</dt><dd data-testid="mer-trade-no">${esc(t.merTradeNo)}</dd>
<dt>交易序號</dt><dd>${esc(t.tradeNo)}</dd>
<dt>商品</dt><dd>${esc(t.prodDesc)}</dd>
<dt>付款方式</dt><dd>${esc(TYPE_TEXT[t.paymentType])}</dd>
${t.payNo ? `<dt>${t.paymentType === 2 ? '虛擬帳號' : '繳費代碼'}</dt><dd>${esc(t.bankType ? `(${t.bankType}) ` : '')}${esc(t.payNo)}</dd>` : ''}
${t.expireDate ? `<dt>繳費期限</dt><dd>${esc(t.expireDate)}</dd>` : ''}
<dt>狀態</dt><dd>${esc(STATUS_TEXT[t.tradeStatus] ?? t.tradeStatus)}</dd>
<dt>金額</dt><dd class="amt" data-testid="amount">NT$ ${esc(t.tradeAmt.toLocaleString('en-US'))}</dd></dl>`;
  }

  function buttons(action: string, t: SimTrade): string {
    return `<form method="post" action="${esc(action)}">
<input type="hidden" name="MerTradeNo" value="${esc(t.merTradeNo)}">
<button class="ok" name="outcome" value="paid">付款成功</button>
<button class="fail" name="outcome" value="failed">付款失敗</button>
<button class="expire" name="outcome" value="expired">逾期</button></form>`;
  }

  router.post('/api/upp', (req: Request, res: Response) => {
    if (Date.now() < outageUntil) return void errorPage(res, 'SYS503', '系統維護中', 503);
    const form = fieldsOf(req);
    let trade: SimTrade;
    try {
      const inner = open('upp', form);
      const amt = rules('upp', inner.Credit === '1' || (!inner.ATM && !inner.CVS) ? 'credit' : inner.ATM ? 'atm' : 'cvs', inner);
      if (!inner.ReturnURL && !inner.NotifyURL) throw new SimError('UPP02005', '缺少 ReturnURL / NotifyURL');
      trade = record('upp', inner, amt, 1, form.Version || '2.0');
    } catch (e) {
      if (!(e instanceof SimError)) throw e;
      return void errorPage(res, e.code, e.message);
    }
    res
      .type('html')
      .send(
        page(
          '模擬付款',
          `<h1>模擬付款</h1>${tradeInfo(trade)}${buttons(`${base(req)}/sim/decide`, trade)}${trade.backUrl ? `<p><a href="${esc(trade.backUrl)}">取消並返回商店</a></p>` : ''}`,
        ),
      );
  });

  router.get('/sim/pay', (req: Request, res: Response) => {
    const trade = trades.get(String(req.query.MerTradeNo ?? ''));
    if (!trade) return void errorPage(res, 'SIM404', '查無此交易', 404);
    const open = trade.tradeStatus === 0;
    res
      .type('html')
      .send(page('模擬付款', `<h1>模擬付款</h1>${tradeInfo(trade)}${open ? buttons(`${base(req)}/sim/decide`, trade) : '<p>此交易已結束。</p>'}`));
  });

  // Same-origin script (the app's CSP allows no inline script): submits the page's return form.
  router.get('/sim/autosubmit.js', (_req: Request, res: Response) => {
    res.type('application/javascript').send(AUTO_SUBMIT_JS);
  });

  router.get('/sim', (req: Request, res: Response) => {
    const rows = [...trades.values()]
      .reverse()
      .map(
        (t) =>
          `<tr><td><a href="${esc(`${base(req)}/sim/pay?MerTradeNo=${encodeURIComponent(t.merTradeNo)}`)}">${esc(t.merTradeNo)}</a></td><td>${esc(TYPE_TEXT[t.paymentType])}</td><td>NT$ ${esc(t.tradeAmt)}</td><td>${esc(STATUS_TEXT[t.tradeStatus] ?? t.tradeStatus)}</td></tr>`,
      )
      .join('');
    res
      .type('html')
      .send(page('交易列表', `<h1>交易列表</h1><p><a href="${esc(`${base(req)}/sim/shipments`)}">模擬物流（出貨單與貨態）</a></p><table><tr><th>訂單</th><th>方式</th><th>金額</th><th>狀態</th></tr>${rows}</table>`));
  });

  router.post('/sim/decide', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const form = fieldsOf(req);
      const trade = trades.get(form.MerTradeNo ?? '');
      const outcome = form.outcome as SimOutcome;
      if (!trade) return void errorPage(res, 'SIM404', '查無此交易', 404);
      if (!['paid', 'failed', 'expired'].includes(outcome)) return void errorPage(res, 'SIM400', '未知的結果');
      if (trade.tradeStatus !== 0) return void errorPage(res, 'SIM409', '此交易已結束', 409);
      const callback = apply(trade, outcome);
      track(deliver(trade, callback));
      if (trade.paymentType === 1 && trade.returnUrl) {
        // Browser back to the shop's ReturnURL with the same signed fields (auto-submit).
        const inputs = Object.entries(callback)
          .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
          .join('');
        res
          .type('html')
          .send(
            page(
              '返回商店',
              `<h1>${esc(STATUS_TEXT[trade.tradeStatus])}</h1><p>正在返回商店…</p><form id="back" data-autosubmit method="post" action="${esc(trade.returnUrl)}">${inputs}<button class="ok" type="submit">返回商店</button></form><script src="${esc(`${base(req)}/sim/autosubmit.js`)}"></script>`,
            ),
          );
        return;
      }
      res.type('html').send(page('模擬付款', `<h1>${esc(STATUS_TEXT[trade.tradeStatus])}</h1>${tradeInfo(trade)}<p>已通知商店。</p>`));
    } catch (e) {
      next(e);
    }
  });

  // ---- 7-ELEVEN store map (logistics/ship_map, PROVIDERS.md §3) ----------------

  /** Checks a ship_map request's inner fields; returns the request or throws SimError. */
  function mapRequestOf(inner: Record<string, string>, version: string): MapRequest {
    if (!/^[A-Za-z0-9_-]{1,20}$/.test(inner.MerKeyNo ?? '')) throw new SimError('LGS02001', 'MerKeyNo 格式錯誤');
    if (!['1', '2'].includes(inner.GoodsType ?? '')) throw new SimError('LGS02002', 'GoodsType 錯誤');
    if (!['B2C', 'C2C'].includes(inner.LgsType ?? '')) throw new SimError('LGS02003', 'LgsType 錯誤');
    if (inner.ShipType !== '1') throw new SimError('LGS02004', 'ShipType 錯誤');
    if (!['1', '2'].includes(inner.MapType ?? '')) throw new SimError('LGS02005', 'MapType 錯誤');
    let url: URL;
    try {
      url = new URL(inner.MapReturnURL ?? '');
    } catch {
      throw new SimError('LGS02006', 'MapReturnURL 格式錯誤');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SimError('LGS02006', 'MapReturnURL 格式錯誤');
    if (inner.MobileTag !== undefined && !['Y', 'N'].includes(inner.MobileTag)) throw new SimError('LGS02007', 'MobileTag 錯誤');
    return { merKeyNo: inner.MerKeyNo, mapReturnUrl: url.toString(), mapType: Number(inner.MapType), mobile: inner.MobileTag === 'Y', version };
  }

  function storesFor(mapType: number): readonly SimStore[] {
    return mapType === 2 ? SIM_STORES : SIM_STORES.filter((st) => st.InsularArea === 'N');
  }

  function mapFields(request: MapRequest, store: SimStore): PayuniEnvelope & { Status: string } {
    return seal(request.version, 'SUCCESS', { Message: '門市選擇成功', MerKeyNo: request.merKeyNo, MapJson: JSON.stringify(store) });
  }

  router.post('/api/logistics/ship_map', (req: Request, res: Response) => {
    if (Date.now() < outageUntil) return void errorPage(res, 'SYS503', '系統維護中', 503);
    const form = fieldsOf(req);
    let request: MapRequest;
    try {
      request = mapRequestOf(open('logistics/ship_map', form), form.Version || PAYUNI_VERSIONS['logistics/ship_map']);
    } catch (e) {
      if (!(e instanceof SimError)) throw e;
      return void errorPage(res, e.code, e.message);
    }
    const key = request.merKeyNo;
    mapRequests.delete(key);
    mapRequests.set(key, request);
    // Bounded: the oldest open maps are forgotten (a shopper who never picked).
    while (mapRequests.size > 1000) mapRequests.delete(mapRequests.keys().next().value as string);
    const rows = storesFor(request.mapType)
      .map(
        (st) => `<form method="post" action="${esc(`${base(req)}/sim/map/pick`)}" class="store">
<input type="hidden" name="MerKeyNo" value="${esc(key)}"><input type="hidden" name="StoreID" value="${esc(st.StoreID)}">
<button type="submit" data-store-id="${esc(st.StoreID)}"><b>${esc(st.StoreName)}</b><span>${esc(st.Address)}</span><small>店號 ${esc(st.StoreID)}${st.InsularArea === 'Y' ? '・離島' : ''}</small></button></form>`,
      )
      .join('');
    res
      .type('html')
      .send(page('模擬 7-11 門市地圖', `<h1>模擬 7-11 門市地圖</h1><p>請選擇取貨門市。</p><div class="stores">${rows}</div>`, MAP_BANNER));
  });

  router.post('/sim/map/pick', (req: Request, res: Response) => {
    const form = fieldsOf(req);
    const request = mapRequests.get(form.MerKeyNo ?? '');
    if (!request) return void errorPage(res, 'SIM404', '查無此門市地圖請求，請回到商店重新開啟', 404);
    const store = storesFor(request.mapType).find((st) => st.StoreID === form.StoreID);
    if (!store) return void errorPage(res, 'SIM400', '查無此門市');
    mapRequests.delete(form.MerKeyNo ?? '');
    const inputs = Object.entries(mapFields(request, store))
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join('');
    res
      .type('html')
      .send(
        page(
          '返回商店',
          `<h1>已選擇 ${esc(store.StoreName)}</h1><p>正在返回商店…</p><form data-autosubmit method="post" action="${esc(request.mapReturnUrl)}">${inputs}<button class="ok" type="submit">返回商店</button></form><script src="${esc(`${base(req)}/sim/autosubmit.js`)}"></script>`,
          MAP_BANNER,
        ),
      );
  });

  // ---- Shipments: T-cat label, the 模擬物流 list and its status buttons (PROVIDERS.md §3) ----

  const shipRow = (sh: SimShipment) =>
    `<dl><dt>物流單號</dt><dd data-testid="ship-trade-no">${esc(sh.shipTradeNo)}</dd>
<dt>商店訂單編號</dt><dd>${esc(sh.merTradeNo)}</dd>
<dt>類型</dt><dd>${esc(sh.lgsType === 'HOME' ? '黑貓宅急便' : `7-ELEVEN ${sh.lgsType}`)}${sh.serviceType === '1' ? '（貨到付款）' : ''}</dd>
<dt>收件人</dt><dd>${esc(sh.consignee)} ${esc(sh.consigneeMobile)}</dd>
<dt>${sh.lgsType === 'HOME' ? '地址' : '門市'}</dt><dd>${esc(sh.lgsType === 'HOME' ? sh.address : `${sh.storeName}（${sh.storeId}）`)}</dd>
<dt>金額</dt><dd>NT$ ${esc(sh.tradeAmt)}</dd>
<dt>貨態</dt><dd data-testid="ship-status">${esc(sh.shipStatus)} ${esc(SIM_SHIP_TEXT[sh.shipStatus] ?? '')}（${esc(sh.shipStatusTime)}）</dd></dl>`;

  // The T-cat label (a browser form). The real gateway answers a PDF; this one a printable page.
  router.post('/api/home_delivery/get_obt_number_pdf', (req: Request, res: Response) => {
    if (Date.now() < outageUntil) return void errorPage(res, 'SYS503', '系統維護中', 503);
    const form = fieldsOf(req);
    let inner: Record<string, string>;
    try {
      inner = open('home_delivery/get_obt_number_pdf', form);
    } catch (e) {
      if (!(e instanceof SimError)) throw e;
      return void errorPage(res, e.code, e.message);
    }
    const sh = shipments.get(inner.ShipTradeNo ?? '');
    if (!sh || sh.lgsType !== 'HOME') return void errorPage(res, 'HOME03001', '查無宅配物流單', 404);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(inner.ShipDate ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(inner.DeliveryDate ?? '')) return void errorPage(res, 'HOME02003', '出貨日或配達日格式錯誤');
    if (!['1', '2', '3', '4'].includes(inner.Spec ?? '')) return void errorPage(res, 'HOME02004', '規格錯誤');
    sh.labelsPrinted += 1;
    const size = { '1': '60', '2': '90', '3': '120', '4': '150' }[inner.Spec] ?? inner.Spec;
    res
      .type('html')
      .send(
        page(
          '模擬黑貓託運單',
          `<h1>模擬黑貓託運單</h1><p>此為模擬器產生的託運單（實際為 PDF），僅供測試列印。</p>${shipRow(sh)}
<dl><dt>託運單號</dt><dd data-testid="obt-number" class="amt">${esc(sh.obtNumber)}</dd><dt>出貨日</dt><dd>${esc(inner.ShipDate)}</dd><dt>配達日</dt><dd>${esc(inner.DeliveryDate)}</dd><dt>規格</dt><dd>${esc(size)} cm</dd><dt>商品</dt><dd>${esc(sh.prodDesc)}</dd><dt>列印次數</dt><dd>${esc(sh.labelsPrinted)}</dd></dl>`,
          SHIP_BANNER,
        ),
      );
  });

  router.get('/sim/shipments', (req: Request, res: Response) => {
    const rows = [...shipments.values()]
      .reverse()
      .map(
        (sh) => `<section>${shipRow(sh)}<form method="post" action="${esc(`${base(req)}/sim/shipments/advance`)}">
<input type="hidden" name="ShipTradeNo" value="${esc(sh.shipTradeNo)}">
<button class="ok" name="ShipStatus" value="">下一個貨態（模擬）</button>
${sh.lgsType !== 'HOME' ? '<button class="ok" name="ShipStatus" value="32">已到店（模擬）</button>' : ''}
<button class="ok" name="ShipStatus" value="11">${sh.lgsType === 'HOME' ? '已送達（模擬）' : '已取件（模擬）'}</button>
<button class="fail" name="ShipStatus" value="51">退貨（模擬）</button></form></section>`,
      )
      .join('');
    res
      .type('html')
      .send(page('模擬物流', `<h1>模擬物流</h1><p>按下按鈕即改變貨態，並通知商店${statusNotifyUrl ? '' : '（尚未設定貨態通知網址）'}。</p>${rows || '<p>尚無物流單。</p>'}`, SHIP_BANNER));
  });

  router.post('/sim/shipments/advance', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const form = fieldsOf(req);
      const sh = shipments.get(form.ShipTradeNo ?? '');
      if (!sh) return void errorPage(res, 'SIM404', '查無此物流單', 404);
      if (form.ShipStatus && !/^\d{2}$/.test(form.ShipStatus)) return void errorPage(res, 'SIM400', '未知的貨態');
      advance(sh, form.ShipStatus || undefined);
      const sent = await sendStatus(sh);
      const note = !statusNotifyUrl ? '尚未設定貨態通知網址，商店未收到通知。' : sent?.status === 200 ? '已通知商店。' : '通知商店失敗，將重試。';
      res
        .type('html')
        .send(page('模擬物流', `<h1>貨態已更新（模擬）</h1>${shipRow(sh)}<p>${esc(note)}</p><p><a href="${esc(`${base(req)}/sim/shipments`)}">回到模擬物流列表</a></p>`, SHIP_BANNER));
    } catch (e) {
      next(e);
    }
  });

  /** Updates the trade and returns the signed callback fields for its NotifyURL / ReturnURL. */
  function apply(trade: SimTrade, outcome: SimOutcome): PayuniEnvelope & { Status: string } {
    trade.tradeStatus = outcome === 'paid' ? 1 : outcome === 'failed' ? 2 : 4;
    const fields: QueryRecord = {
      TradeNo: trade.tradeNo,
      MerTradeNo: trade.merTradeNo,
      TradeAmt: trade.tradeAmt,
      TradeStatus: trade.tradeStatus,
      PaymentType: trade.paymentType,
    };
    if (outcome === 'paid') {
      trade.payTime = taipeiTimestamp(now());
      fields.PayTime = trade.payTime;
      if (trade.paymentType === 1) {
        trade.closeStatus = 1;
        Object.assign(fields, { Card6No: '424242', Card4No: '4242', AuthCode: String(randomInt(100000, 999999)), AuthDay: trade.payTime.slice(0, 10), AuthTime: trade.payTime.slice(11), ResCode: '00' });
      } else if (trade.paymentType === 2) {
        Object.assign(fields, { PayNo: trade.payNo, PayBank: '013', Account5No: '12345' });
      } else {
        Object.assign(fields, { PayNo: trade.payNo, PayStore: 'SEVEN' });
      }
    } else if (trade.payNo) {
      fields.PayNo = trade.payNo;
    }
    const ok = outcome === 'paid';
    const version = trade.paymentType === 1 ? trade.version : '1.0';
    return seal(version, ok ? 'SUCCESS' : trade.paymentType === 1 ? 'UPP03001' : 'SUCCESS', {
      Message: ok ? '付款成功' : outcome === 'failed' ? '付款失敗（模擬）' : '已逾期（模擬）',
      ...fields,
    });
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  /** POSTs the callback to NotifyURL, retrying on a network error or a non-200 answer. */
  async function deliver(trade: SimTrade, fields: PayuniEnvelope & { Status: string }): Promise<NotifyAttempt | undefined> {
    if (!trade.notifyUrl) return undefined;
    return deliverTo(trade.notifyUrl, trade.merTradeNo, fields);
  }

  /** POSTs signed fields to `url` (`key`: the trade or shipment number), retrying on a network error or a non-200 answer. */
  async function deliverTo(url: string, key: string, fields: PayuniEnvelope & { Status: string }): Promise<NotifyAttempt | undefined> {
    let last: NotifyAttempt | undefined;
    for (let attempt = 1; attempt <= retryDelays.length + 1; attempt++) {
      if (stopped && attempt > 1) return last;
      last = { url, merTradeNo: key, attempt, fields };
      try {
        const r = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'payuni' },
          body: new URLSearchParams({ ...fields }).toString(),
          signal: AbortSignal.timeout(10_000),
        });
        await r.arrayBuffer().catch(() => undefined);
        last.status = r.status;
      } catch (e) {
        last.error = (e as Error).name;
      }
      notifications.push(last);
      if (last.status === 200 || stopped) return last;
      // unref: a pending retry never keeps a process (or a test run) alive.
      if (attempt <= retryDelays.length) await new Promise((r) => setTimeout(r, retryDelays[attempt - 1]).unref());
    }
    return last;
  }

  const controls: PayuniSimulatorControls = {
    trades,
    notifications,
    mapRequests,
    mapReturnFields(merKeyNo: string, storeId: string) {
      const request = mapRequests.get(merKeyNo);
      if (!request) throw new Error(`No store-map request ${merKeyNo}`);
      const store = storesFor(request.mapType).find((st) => st.StoreID === storeId);
      if (!store) throw new Error(`No store ${storeId} on this map`);
      return mapFields(request, store);
    },
    simulateOutage(ms: number) {
      outageUntil = Date.now() + ms;
    },
    failNext(kind: SimFailure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(kind);
    },
    settle(merTradeNo: string, outcome: SimOutcome) {
      const trade = trades.get(merTradeNo);
      if (!trade) return Promise.reject(new Error(`No trade ${merTradeNo}`));
      if (trade.tradeStatus !== 0) return Promise.reject(new Error(`Trade ${merTradeNo} is already settled`));
      return track(deliver(trade, apply(trade, outcome)));
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    shipments,
    setStatusNotifyUrl(url: string | undefined) {
      statusNotifyUrl = url;
    },
    statusNotifyTarget() {
      return statusNotifyUrl;
    },
    advanceShipment(shipTradeNo: string, shipStatus?: string) {
      const sh = shipments.get(shipTradeNo);
      if (!sh) return Promise.reject(new Error(`No shipment ${shipTradeNo}`));
      advance(sh, shipStatus);
      return sendStatus(sh);
    },
    shutdown() {
      stopped = true;
    },
    reset() {
      trades.clear();
      mapRequests.clear();
      shipments.clear();
      shipmentsByMer.clear();
      notifications.length = 0;
      failures.length = 0;
      outageUntil = 0;
    },
  };
  return Object.assign(router, controls);
}

export interface RunningPayuniSimulator {
  /** `http://127.0.0.1:<port>`: PAYUNI_API_URL for the client. */
  url: string;
  sim: PayuniSimulator;
  close(): Promise<void>;
}

/** Test credentials of the simulator (the §7 example keys). */
export const SIM_CREDENTIALS = { merId: SIMULATOR_MER_ID, hashKey: SIMULATOR_HASH_KEY, hashIv: SIMULATOR_HASH_IV };

/** Starts the simulator on a free 127.0.0.1 port. */
export async function startPayuniSimulator(options: Partial<PayuniSimulatorOptions> = {}): Promise<RunningPayuniSimulator> {
  const sim = createPayuniSimulator({ ...SIM_CREDENTIALS, ...options });
  const listening = await listenOnLoopback(sim);
  return {
    url: listening.url,
    sim,
    close: async () => {
      sim.shutdown();
      await listening.close();
    },
  };
}
