import { PayuniConfig, validatePayuniConfig } from './payuni-config';
import { decryptInfo, hashInfo, hashMatches, ParsedQuery, PayuniCryptoError, QueryRecord, sealEnvelope } from './payuni-crypto';
import {
  HomeLabelRequest,
  HomeShipmentRequest,
  LgsType,
  MapStore,
  PayuniLogistics,
  ShipMapRequest,
  ShipmentResult,
  ShipmentStatus,
  StoreShipmentRequest,
} from './payuni-logistics';
import {
  AtmRequest,
  AtmResult,
  CallbackForm,
  CancelCvsResult,
  checkCallbackUrl,
  checkTradeRules,
  CloseType,
  CvsRequest,
  CvsResult,
  PayuniCallback,
  PayuniCallbackError,
  PayuniError,
  PayuniForm,
  PayuniGateway,
  PayuniMethod,
  TradeCloseResult,
  TradeQueryResult,
  TradeRecord,
  MER_TRADE_NO as MER_TRADE_NO_RE,
  UppRequest,
} from './payuni-gateway';

/** API path → Version (PROVIDERS.md §2). */
export const PAYUNI_VERSIONS = {
  upp: '2.0',
  atm: '1.3',
  cvs: '1.3',
  'trade/query': '2.0',
  'trade/close': '1.0',
  'trade/cancel': '1.0',
  cancel_cvs: '1.0',
  'logistics/ship_map': '1.1',
  'logistics/trade': '1.3',
  'home_delivery/trade': '1.2',
  'logistics/query': '1.1',
  /** Unconfirmed (not in PROVIDERS.md): cancel a shipment before it is handed over. */
  'logistics/cancel': '1.0',
  'home_delivery/get_obt_number_pdf': '1.0',
} as const;
export type PayuniApiPath = keyof typeof PAYUNI_VERSIONS;

export interface PayuniClientOptions {
  /** Clock for Timestamp and ExpireDate checks (tests). */
  now?: () => Date;
  /**
   * Refuse NotifyURLs on ports other than 80/443 (PAYUNi only calls those). Default: on, except when
   * the API URL is a loopback host (the local simulator calls any port).
   */
  enforceNotifyPort?: boolean;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** String members of a parsed query (nested records dropped). */
function flat(q: ParsedQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string') out[k] = v;
  return out;
}

function num(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function formValue(form: CallbackForm, key: string): string | undefined {
  if (form instanceof URLSearchParams) return form.get(key) ?? undefined;
  const v = form[key];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** MerKeyNo of a store-map request: ≤ 20 of A-Z a-z 0-9 _ -. */
export const MER_KEY_NO = /^[A-Za-z0-9_-]{1,20}$/;

/** The real PAYUNi client: form-urlencoded POSTs, JSON answers verified (HashInfo first) and decrypted. */
export class HttpPayuniGateway implements PayuniGateway, PayuniLogistics {
  private readonly config: PayuniConfig;
  private readonly now: () => Date;
  private readonly enforceNotifyPort: boolean;

  constructor(config: PayuniConfig, options: PayuniClientOptions = {}) {
    this.config = validatePayuniConfig(config);
    this.now = options.now ?? (() => new Date());
    this.enforceNotifyPort = options.enforceNotifyPort ?? !LOOPBACK.test(new URL(this.config.apiUrl).hostname);
  }

  async atm(req: AtmRequest): Promise<AtmResult> {
    this.validate('atm', req);
    if (!/^\d{3}$/.test(req.bankType)) throw new PayuniError('VALIDATION', 'BankType must be a 3-digit bank code');
    const r = await this.call('atm', {
      MerTradeNo: req.merTradeNo,
      TradeAmt: req.tradeAmt,
      ProdDesc: req.prodDesc,
      BankType: req.bankType,
      ExpireDate: req.expireDate,
      NotifyURL: req.notifyUrl,
      UsrMail: req.usrMail,
    });
    const raw = flat(r);
    return {
      tradeNo: raw.TradeNo ?? '',
      merTradeNo: raw.MerTradeNo ?? req.merTradeNo,
      tradeAmt: num(raw.TradeAmt) ?? req.tradeAmt,
      tradeStatus: num(raw.TradeStatus) ?? 0,
      paymentType: num(raw.PaymentType) ?? 2,
      bankType: raw.BankType ?? req.bankType,
      payNo: raw.PayNo ?? '',
      expireDate: raw.ExpireDate ?? '',
      raw,
    };
  }

  async cvs(req: CvsRequest): Promise<CvsResult> {
    this.validate('cvs', req);
    const r = await this.call('cvs', {
      MerTradeNo: req.merTradeNo,
      TradeAmt: req.tradeAmt,
      ProdDesc: req.prodDesc,
      ExpireDate: req.expireDate,
      NotifyURL: req.notifyUrl,
      UsrMail: req.usrMail,
    });
    const raw = flat(r);
    return {
      tradeNo: raw.TradeNo ?? '',
      merTradeNo: raw.MerTradeNo ?? req.merTradeNo,
      tradeAmt: num(raw.TradeAmt) ?? req.tradeAmt,
      tradeStatus: num(raw.TradeStatus) ?? 0,
      paymentType: num(raw.PaymentType) ?? 3,
      payNo: raw.PayNo ?? '',
      store: raw.Store ?? '',
      expireDate: raw.ExpireDate ?? '',
      raw,
    };
  }

  async tradeQuery(q: { merTradeNo: string } | { tradeNo: string }): Promise<TradeQueryResult> {
    const fields: QueryRecord = 'merTradeNo' in q ? { MerTradeNo: q.merTradeNo } : { TradeNo: q.tradeNo };
    const key = 'merTradeNo' in q ? q.merTradeNo : q.tradeNo;
    if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(key)) throw new PayuniError('VALIDATION', 'MerTradeNo / TradeNo is malformed');
    const r = await this.call('trade/query', fields);
    // `Result[0][TradeNo]=…` parses to { Result: { '0': {...} } }; a flat answer is one record.
    const rows: ParsedQuery[] = [];
    const result = r.Result;
    if (result && typeof result === 'object') {
      for (const row of Object.values(result)) if (row && typeof row === 'object') rows.push(row);
    } else if (typeof r.TradeNo === 'string') {
      rows.push(r);
    }
    return { trades: rows.map((row) => toTradeRecord(flat(row))) };
  }

  async cancelCvs(req: { payNo: string }): Promise<CancelCvsResult> {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(req.payNo ?? '')) throw new PayuniError('VALIDATION', 'PayNo is malformed');
    const raw = flat(await this.call('cancel_cvs', { PayNo: req.payNo }));
    return { payNo: raw.PayNo ?? req.payNo, verifyCode: raw.VerifyCode, raw };
  }

  async tradeClose(req: { tradeNo: string; closeType: CloseType; tradeAmt: number }): Promise<TradeCloseResult> {
    if (![1, 2, -1, -2].includes(req.closeType)) throw new PayuniError('VALIDATION', 'CloseType must be 1, 2, -1 or -2');
    if (!Number.isSafeInteger(req.tradeAmt) || req.tradeAmt < 1) throw new PayuniError('VALIDATION', 'TradeAmt must be a positive integer');
    const raw = flat(await this.call('trade/close', { TradeNo: req.tradeNo, CloseType: req.closeType, TradeAmt: req.tradeAmt }));
    return { tradeNo: raw.TradeNo ?? req.tradeNo, closeType: num(raw.CloseType) ?? req.closeType, raw };
  }

  async tradeCancel(req: { tradeNo: string }): Promise<{ tradeNo: string; raw: Record<string, string> }> {
    const raw = flat(await this.call('trade/cancel', { TradeNo: req.tradeNo }));
    return { tradeNo: raw.TradeNo ?? req.tradeNo, raw };
  }

  uppForm(req: UppRequest): PayuniForm {
    this.validate('credit', req);
    const bad = checkCallbackUrl('ReturnURL', req.returnUrl, false) ?? (req.backUrl ? checkCallbackUrl('BackURL', req.backUrl, false) : undefined);
    if (bad) throw new PayuniError('VALIDATION', bad);
    const inner: QueryRecord = {
      MerID: this.config.merId,
      MerTradeNo: req.merTradeNo,
      TradeAmt: req.tradeAmt,
      Timestamp: this.timestamp(),
      ProdDesc: req.prodDesc,
      UsrMail: req.usrMail,
      ReturnURL: req.returnUrl,
      NotifyURL: req.notifyUrl,
      BackURL: req.backUrl,
      Lang: req.lang ?? 'zh-tw',
      Credit: req.credit === false ? undefined : 1,
      API3D: req.credit === false ? undefined : 1,
      ATM: req.atm ? 1 : undefined,
      CVS: req.cvs ? 1 : undefined,
    };
    return {
      go_url: this.browserEndpoint('upp', req.origin),
      body: sealEnvelope(this.config.merId, PAYUNI_VERSIONS.upp, inner, this.config.hashKey, this.config.hashIv),
    };
  }

  shipMapForm(req: ShipMapRequest): PayuniForm {
    if (typeof req.merKeyNo !== 'string' || !MER_KEY_NO.test(req.merKeyNo)) throw new PayuniError('VALIDATION', 'MerKeyNo must be 1–20 of A-Z a-z 0-9 _ -');
    if (req.lgsType !== 'C2C' && req.lgsType !== 'B2C') throw new PayuniError('VALIDATION', 'LgsType must be C2C or B2C');
    if (req.goodsType !== 1 && req.goodsType !== 2) throw new PayuniError('VALIDATION', 'GoodsType must be 1 or 2');
    if (req.mapType !== 1 && req.mapType !== 2) throw new PayuniError('VALIDATION', 'MapType must be 1 or 2');
    const bad = checkCallbackUrl('MapReturnURL', req.mapReturnUrl, false);
    if (bad) throw new PayuniError('VALIDATION', bad);
    const inner: QueryRecord = {
      MerID: this.config.merId,
      MerKeyNo: req.merKeyNo,
      GoodsType: req.goodsType,
      LgsType: req.lgsType,
      ShipType: 1,
      MapType: req.mapType,
      Tag: 2,
      MapReturnURL: req.mapReturnUrl,
      MobileTag: req.mobile ? 'Y' : 'N',
      Timestamp: this.timestamp(),
    };
    return {
      go_url: this.browserEndpoint('logistics/ship_map', req.origin),
      body: sealEnvelope(this.config.merId, PAYUNI_VERSIONS['logistics/ship_map'], inner, this.config.hashKey, this.config.hashIv),
    };
  }

  parseMapReturn(form: CallbackForm): MapStore {
    const inner = this.openCallback(form);
    const status = inner.Status ?? formValue(form, 'Status') ?? '';
    if (status !== 'SUCCESS') throw new PayuniCallbackError('refused', `Store map answered ${status || 'no status'}`);
    const store = mapJsonOf(inner);
    if (!store) throw new PayuniCallbackError('missing_fields', 'Store map post has no MapJson');
    const storeId = store.StoreID ?? '';
    if (!/^\d{6}$/.test(storeId)) throw new PayuniCallbackError('missing_fields', 'Store map post has no 6-digit StoreID');
    const storeName = (store.StoreName ?? '').trim();
    const storeAddr = (store.Address ?? '').trim();
    if (!storeName || !storeAddr) throw new PayuniCallbackError('missing_fields', 'Store map post lacks StoreName or Address');
    return {
      storeId,
      storeName,
      storeAddr,
      storeType: store.StoreType ?? '',
      insularArea: store.InsularArea || undefined,
      merKeyNo: inner.MerKeyNo || undefined,
      raw: inner,
    };
  }

  async createStoreShipment(req: StoreShipmentRequest): Promise<ShipmentResult> {
    const bad = checkStoreShipment(req);
    if (bad) throw new PayuniError('VALIDATION', bad);
    const fields: QueryRecord = {
      MerTradeNo: req.merTradeNo,
      GoodsType: req.goodsType,
      LgsType: req.lgsType,
      ShipType: 1,
      TradeAmt: req.tradeAmt,
      ServiceType: req.serviceType,
      StoreID: req.storeId,
      Consignee: req.consignee,
      ConsigneeMobile: req.consigneeMobile,
    };
    if (req.lgsType === 'C2C') Object.assign(fields, { RefundStoreID: req.refundStoreId, SenderName: req.senderName, SenderMobile: req.senderMobile });
    const raw = flat(await this.call('logistics/trade', fields));
    return {
      shipTradeNo: raw.ShipTradeNo ?? '',
      tradeNo: raw.TradeNo || undefined,
      partnerId: raw.PartnerId || undefined,
      storeName: raw.StoreName || undefined,
      storeAddr: raw.StoreAddr || raw.StoreAddress || undefined,
      shipAmt: num(raw.ShipAmt),
      raw,
    };
  }

  async createHomeShipment(req: HomeShipmentRequest): Promise<ShipmentResult> {
    const bad = checkHomeShipment(req);
    if (bad) throw new PayuniError('VALIDATION', bad);
    const raw = flat(
      await this.call('home_delivery/trade', {
        MerTradeNo: req.merTradeNo,
        GoodsType: req.goodsType,
        LgsType: 'HOME',
        ShipType: 2,
        TradeAmt: req.tradeAmt,
        ServiceType: req.serviceType,
        DeliveryTimeTag: req.deliveryTimeTag,
        Consignee: req.consignee,
        ConsigneeMobile: req.consigneeMobile,
        ConsigneeAddress: req.consigneeAddress,
        ProdDesc: req.prodDesc,
      }),
    );
    return { shipTradeNo: raw.ShipTradeNo ?? '', tradeNo: raw.TradeNo || undefined, raw };
  }

  async queryShipment(req: { lgsType: LgsType; shipTradeNo: string }): Promise<ShipmentStatus> {
    if (!['C2C', 'B2C', 'HOME'].includes(req.lgsType)) throw new PayuniError('VALIDATION', 'LgsType must be C2C, B2C or HOME');
    if (!SHIP_TRADE_NO.test(req.shipTradeNo ?? '')) throw new PayuniError('VALIDATION', 'ShipTradeNo is malformed');
    const raw = flat(await this.call('logistics/query', { LgsType: req.lgsType, ShipTradeNo: req.shipTradeNo }));
    return toShipmentStatus(raw, req);
  }

  async cancelShipment(req: { lgsType: LgsType; shipTradeNo: string }): Promise<{ shipTradeNo: string; raw: Record<string, string> }> {
    if (!['C2C', 'B2C', 'HOME'].includes(req.lgsType)) throw new PayuniError('VALIDATION', 'LgsType must be C2C, B2C or HOME');
    if (!SHIP_TRADE_NO.test(req.shipTradeNo ?? '')) throw new PayuniError('VALIDATION', 'ShipTradeNo is malformed');
    const raw = flat(await this.call('logistics/cancel', { LgsType: req.lgsType, ShipTradeNo: req.shipTradeNo }));
    return { shipTradeNo: raw.ShipTradeNo || req.shipTradeNo, raw };
  }

  homeLabelForm(req: HomeLabelRequest): PayuniForm {
    if (!SHIP_TRADE_NO.test(req.shipTradeNo ?? '')) throw new PayuniError('VALIDATION', 'ShipTradeNo is malformed');
    if (!isDate(req.shipDate) || !isDate(req.deliveryDate)) throw new PayuniError('VALIDATION', 'ShipDate and DeliveryDate must be YYYY-MM-DD');
    if (req.deliveryDate < req.shipDate) throw new PayuniError('VALIDATION', 'DeliveryDate must not be before ShipDate');
    if (!['1', '2', '3', '4'].includes(req.spec)) throw new PayuniError('VALIDATION', 'Spec must be 1, 2, 3 or 4');
    const path = 'home_delivery/get_obt_number_pdf';
    const inner: QueryRecord = {
      MerID: this.config.merId,
      ShipTradeNo: req.shipTradeNo,
      ShipDate: req.shipDate,
      DeliveryDate: req.deliveryDate,
      Spec: req.spec,
      Timestamp: this.timestamp(),
    };
    return {
      go_url: this.browserEndpoint(path, req.origin),
      body: sealEnvelope(this.config.merId, PAYUNI_VERSIONS[path], inner, this.config.hashKey, this.config.hashIv),
    };
  }

  parseStatusNotify(form: CallbackForm): ShipmentStatus {
    const inner = this.openCallback(form);
    const status = inner.Status ?? formValue(form, 'Status') ?? 'SUCCESS';
    if (status !== 'SUCCESS') throw new PayuniCallbackError('refused', `Status notify answered ${status}`);
    if (inner.ApiType !== undefined && inner.ApiType !== 'ShipStatus') throw new PayuniCallbackError('refused', `Not a status notify (ApiType ${inner.ApiType})`);
    if (!SHIP_TRADE_NO.test(inner.ShipTradeNo ?? '') || !/^\d{2}$/.test(inner.ShipStatus ?? '')) {
      throw new PayuniCallbackError('missing_fields', 'Status notify lacks ShipTradeNo or ShipStatus');
    }
    return toShipmentStatus(inner, { lgsType: (inner.LgsType as LgsType) ?? '', shipTradeNo: inner.ShipTradeNo });
  }

  parseCallback(form: CallbackForm): PayuniCallback {
    const inner = this.openCallback(form);
    return {
      status: inner.Status ?? formValue(form, 'Status') ?? '',
      message: inner.Message,
      version: formValue(form, 'Version') ?? '',
      merTradeNo: inner.MerTradeNo ?? '',
      tradeNo: inner.TradeNo,
      tradeAmt: num(inner.TradeAmt),
      tradeStatus: num(inner.TradeStatus),
      paymentType: num(inner.PaymentType),
      payNo: inner.PayNo,
      payTime: inner.PayTime,
      payBank: inner.PayBank,
      account5No: inner.Account5No,
      payStore: inner.PayStore,
      newMerTradeNo: inner.NewMerTradeNo,
      card4No: inner.Card4No,
      authCode: inner.AuthCode,
      raw: inner,
    };
  }

  /** Verifies HashInfo, then MerID, then decrypts a browser or server post to one of our URLs. */
  private openCallback(form: CallbackForm): Record<string, string> {
    const merId = formValue(form, 'MerID');
    const enc = formValue(form, 'EncryptInfo');
    const hash = formValue(form, 'HashInfo');
    if (!merId || !enc || !hash) throw new PayuniCallbackError('missing_fields', 'Callback lacks MerID, EncryptInfo or HashInfo');
    if (!hashMatches(hash, hashInfo(enc, this.config.hashKey, this.config.hashIv))) {
      throw new PayuniCallbackError('bad_hash', 'Callback HashInfo does not match');
    }
    if (merId !== this.config.merId) throw new PayuniCallbackError('wrong_merid', 'Callback MerID is not ours');
    let inner: Record<string, string>;
    try {
      inner = flat(decryptInfo(enc, this.config.hashKey, this.config.hashIv));
    } catch {
      throw new PayuniCallbackError('undecryptable', 'Callback EncryptInfo does not decrypt');
    }
    if (inner.MerID !== undefined && inner.MerID !== this.config.merId) throw new PayuniCallbackError('wrong_merid', 'Callback inner MerID is not ours');
    return inner;
  }

  /**
   * Where the browser posts a form for `path`: `${browserUrl}/api/<path>` (the API URL unless
   * configured apart). A browser URL that is a path on the shop (the embedded simulator) is made
   * absolute with the request's origin when one is given.
   */
  private browserEndpoint(path: PayuniApiPath, origin?: string): string {
    const base = this.config.browserUrl ?? this.config.apiUrl;
    const url = `${base}/api/${path}`;
    return base.startsWith('/') && origin ? `${origin.replace(/\/+$/, '')}${url}` : url;
  }

  private timestamp(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private validate(method: PayuniMethod, req: { merTradeNo: string; tradeAmt: number; expireDate?: string; notifyUrl: string; prodDesc: string }): void {
    const bad =
      checkTradeRules(method, req, this.now()) ??
      (typeof req.prodDesc === 'string' && req.prodDesc.trim() ? undefined : 'ProdDesc is required') ??
      checkCallbackUrl('NotifyURL', req.notifyUrl, this.enforceNotifyPort);
    if (bad) throw new PayuniError('VALIDATION', bad);
  }

  /** POSTs one API call and returns the verified, decrypted inner answer (Status SUCCESS). */
  private async call(path: PayuniApiPath, fields: QueryRecord): Promise<ParsedQuery> {
    const { merId, hashKey, hashIv, apiUrl } = this.config;
    const inner: QueryRecord = { MerID: merId, ...fields, Timestamp: this.timestamp() };
    const envelope = sealEnvelope(merId, PAYUNI_VERSIONS[path], inner, hashKey, hashIv);
    let res: Response;
    try {
      res = await fetch(`${apiUrl}/api/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'payuni', Accept: 'application/json' },
        body: new URLSearchParams({ ...envelope }).toString(),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 15_000),
      });
    } catch (e) {
      const err = e as Error;
      if (err.name === 'TimeoutError' || err.name === 'AbortError') throw new PayuniError('TIMEOUT', `No answer from PAYUNi /api/${path} in time`, true);
      throw new PayuniError('NETWORK', `PAYUNi /api/${path} unreachable`, true);
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new PayuniError('NETWORK', `PAYUNi /api/${path} answer was cut off`, true, res.status);
    }
    if (!res.ok) throw new PayuniError('HTTP_ERROR', `PAYUNi /api/${path} answered HTTP ${res.status}`, res.status >= 500 || res.status === 429, res.status);
    let outer: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      outer = parsed as Record<string, unknown>;
    } catch {
      throw new PayuniError('BAD_RESPONSE', `PAYUNi /api/${path} answer is not a JSON object`, false, res.status);
    }
    const status = typeof outer.Status === 'string' ? outer.Status : '';
    const enc = typeof outer.EncryptInfo === 'string' && outer.EncryptInfo ? outer.EncryptInfo : undefined;
    if (!enc) {
      if (status && status !== 'SUCCESS') throw new PayuniError(status, errorMessage(outer.Message) ?? `PAYUNi refused /api/${path}`);
      throw new PayuniError('BAD_RESPONSE', `PAYUNi /api/${path} answer has no EncryptInfo`);
    }
    // Verify HashInfo before touching the ciphertext.
    if (!hashMatches(typeof outer.HashInfo === 'string' ? outer.HashInfo : undefined, hashInfo(enc, hashKey, hashIv))) {
      throw new PayuniError('HASH_MISMATCH', `PAYUNi /api/${path} answer HashInfo does not match`);
    }
    if (outer.MerID !== undefined && outer.MerID !== merId) throw new PayuniError('MERID_MISMATCH', `PAYUNi /api/${path} answer is for another MerID`);
    let answer: ParsedQuery;
    try {
      answer = decryptInfo(enc, hashKey, hashIv);
    } catch (e) {
      throw new PayuniError('DECRYPT_FAILED', e instanceof PayuniCryptoError ? e.message : 'answer does not decrypt');
    }
    if (typeof answer.MerID === 'string' && answer.MerID !== merId) throw new PayuniError('MERID_MISMATCH', `PAYUNi /api/${path} inner MerID is not ours`);
    const innerStatus = typeof answer.Status === 'string' ? answer.Status : status;
    if (innerStatus !== 'SUCCESS') {
      // The inner fields of a refusal (e.g. HOME01092 names the shipment already made) ride along.
      throw Object.assign(new PayuniError(innerStatus || 'BAD_RESPONSE', errorMessage(answer.Message) ?? `PAYUNi refused /api/${path}`), { fields: flat(answer) });
    }
    if (status && status !== 'SUCCESS') throw new PayuniError(status, errorMessage(answer.Message) ?? `PAYUNi refused /api/${path}`);
    return answer;
  }
}

/** A shipment number as PAYUNi gives it (letters, digits, _ -; ≤ 40). */
export const SHIP_TRADE_NO = /^[A-Za-z0-9_-]{1,40}$/;
const MOBILE = /^09\d{8}$/;
const isDate = (s: string) => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** A consignee name PAYUNi takes: 2–5 CJK characters, or 4–10 Latin letters (spaces allowed), ≤ 10 in all. */
export function consigneeNameOk(name: string): boolean {
  if (typeof name !== 'string') return false;
  const n = name.trim();
  if (/^[\u3400-\u9fff\uf900-\ufaff]{2,5}$/.test(n)) return true;
  return /^[A-Za-z][A-Za-z .]{2,9}$/.test(n) && n.replace(/[ .]/g, '').length >= 4;
}

function checkShipmentCommon(req: { merTradeNo: string; tradeAmt: number; consignee: string; consigneeMobile: string }, min: number): string | undefined {
  if (typeof req.merTradeNo !== 'string' || !MER_TRADE_NO_RE.test(req.merTradeNo)) return 'MerTradeNo must be 1–25 of A-Z a-z 0-9 _ -';
  if (!Number.isSafeInteger(req.tradeAmt) || req.tradeAmt < min || req.tradeAmt > 20_000) return `TradeAmt must be ${min}–20000`;
  if (!consigneeNameOk(req.consignee)) return 'Consignee must be 2–5 CJK characters or 4–10 Latin letters';
  if (!MOBILE.test(req.consigneeMobile ?? '')) return 'ConsigneeMobile must be 09 and 8 digits';
  return undefined;
}

/** §3 rules of `logistics/trade`; the first broken one, or undefined. */
export function checkStoreShipment(req: StoreShipmentRequest): string | undefined {
  const bad = checkShipmentCommon(req, req.serviceType === 1 ? 1 : 0);
  if (bad) return bad;
  if (req.lgsType !== 'C2C' && req.lgsType !== 'B2C') return 'LgsType must be C2C or B2C';
  if (req.goodsType !== 1 && req.goodsType !== 2) return 'GoodsType must be 1 or 2';
  if (req.serviceType !== 1 && req.serviceType !== 3) return 'ServiceType must be 1 or 3';
  if (!/^\d{6}$/.test(req.storeId ?? '')) return 'StoreID must be 6 digits';
  if (req.lgsType === 'C2C') {
    if (!/^\d{6}$/.test(req.refundStoreId ?? '')) return 'RefundStoreID must be 6 digits';
    if (!consigneeNameOk(req.senderName ?? '')) return 'SenderName must be 2–5 CJK characters or 4–10 Latin letters';
    if (!MOBILE.test(req.senderMobile ?? '')) return 'SenderMobile must be 09 and 8 digits';
  }
  return undefined;
}

/** §3 rules of `home_delivery/trade`; the first broken one, or undefined. */
export function checkHomeShipment(req: HomeShipmentRequest): string | undefined {
  const bad = checkShipmentCommon(req, 30);
  if (bad) return bad;
  if (![1, 2, 3].includes(req.goodsType)) return 'GoodsType must be 1, 2 or 3';
  if (req.serviceType !== 1 && req.serviceType !== 3) return 'ServiceType must be 1 or 3';
  if (!['01', '02', '04'].includes(req.deliveryTimeTag)) return 'DeliveryTimeTag must be 01, 02 or 04';
  if (typeof req.consigneeAddress !== 'string' || !req.consigneeAddress.trim() || [...req.consigneeAddress].length > 120) return 'ConsigneeAddress must be 1–120 characters';
  if (typeof req.prodDesc !== 'string' || !req.prodDesc.trim() || [...req.prodDesc].length > 20) return 'ProdDesc must be 1–20 characters';
  return undefined;
}

function toShipmentStatus(raw: Record<string, string>, req: { lgsType: string; shipTradeNo: string }): ShipmentStatus {
  return {
    shipTradeNo: raw.ShipTradeNo || req.shipTradeNo,
    lgsType: raw.LgsType || req.lgsType,
    shipStatus: raw.ShipStatus ?? '',
    shipStatusDesc: raw.ShipStatusDesc ?? '',
    shipStatusTime: raw.ShipStatusTime ?? '',
    odno: raw.Odno || undefined,
    validationNo: raw.ValidationNo || undefined,
    fileNo: raw.FileNo || undefined,
    obtNumber: raw.OBTNumber || undefined,
    raw,
  };
}

/** The store of a MapReturnURL post: `MapJson`, JSON text (an object, or an array of one). */
function mapJsonOf(inner: Record<string, string>): Record<string, string> | undefined {
  const text = inner.MapJson;
  if (typeof text === 'string' && text) {
    try {
      const parsed: unknown = JSON.parse(text);
      const obj = Array.isArray(parsed) ? (parsed[0] as unknown) : parsed;
      if (!obj || typeof obj !== 'object') return undefined;
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(obj as Record<string, unknown>)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
      return out;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function errorMessage(m: unknown): string | undefined {
  return typeof m === 'string' && m ? m : undefined;
}

function toTradeRecord(raw: Record<string, string>): TradeRecord {
  return {
    tradeNo: raw.TradeNo ?? '',
    merTradeNo: raw.MerTradeNo ?? '',
    tradeAmt: num(raw.TradeAmt) ?? 0,
    tradeStatus: num(raw.TradeStatus) ?? -1,
    paymentType: num(raw.PaymentType) ?? 0,
    paymentDay: raw.PaymentDay || undefined,
    dataSource: raw.DataSource || undefined,
    closeStatus: num(raw.CloseStatus),
    refundAmt: num(raw.RefundAmt),
    offPayNo: raw.OffPayNo || undefined,
    offExpireTime: raw.OffExpireTime || undefined,
    raw,
  };
}

/** Script that submits a page's `<form data-autosubmit>` (serve it same-origin: the CSP allows no inline script). */
export const AUTO_SUBMIT_JS = "var f=document.querySelector('form[data-autosubmit]');if(f)f.submit();\n";

const escHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The `<form>` element alone for a PayuniForm (hidden inputs, escaped), for a client that inserts
 * it into its page and submits it (`formHtml` of spec 2 §7).
 */
export function payuniFormMarkup(form: PayuniForm | { go_url: string; body: Record<string, string> }, attrs: { id?: string; target?: string } = {}): string {
  const inputs = Object.entries(form.body)
    .map(([k, v]) => `<input type="hidden" name="${escHtml(k)}" value="${escHtml(String(v))}">`)
    .join('');
  const id = attrs.id ? ` id="${escHtml(attrs.id)}"` : '';
  const target = attrs.target ? ` target="${escHtml(attrs.target)}"` : '';
  return `<form${id} method="post" action="${escHtml(form.go_url)}" accept-charset="UTF-8"${target}>${inputs}</form>`;
}

/**
 * A self-submitting HTML page for a PayuniForm. Pass `scriptSrc` (a same-origin URL serving
 * AUTO_SUBMIT_JS) where the CSP forbids inline script; without it the script is inline.
 */
export function autoSubmitFormHtml(form: PayuniForm | { go_url: string; body: Record<string, string> }, options: { scriptSrc?: string } = {}): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const inputs = Object.entries(form.body)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(String(v))}">`)
    .join('');
  const script = options.scriptSrc ? `<script src="${esc(options.scriptSrc)}"></script>` : `<script>${AUTO_SUBMIT_JS}</script>`;
  return (
    `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PAYUNi</title></head>` +
    `<body><form data-autosubmit method="post" action="${esc(form.go_url)}">${inputs}<button type="submit">前往付款</button></form>${script}</body></html>`
  );
}
