import type { CallbackForm, PayuniForm } from './payuni-gateway';

/**
 * PAYUNi logistics (PROVIDERS.md §3): the 7-ELEVEN store map (a browser form to
 * `logistics/ship_map`, Version 1.1) and the store it posts back to MapReturnURL; shipments
 * (7-ELEVEN `logistics/trade`, T-cat `home_delivery/trade`), their status (`logistics/query` and
 * the status notifies) and the T-cat label (a browser form to `home_delivery/get_obt_number_pdf`).
 */
export interface PayuniLogistics {
  /** The auto-submit form to the store map (`go_url` + `body`). Throws PayuniError('VALIDATION') on bad input. */
  shipMapForm(req: ShipMapRequest): PayuniForm;
  /** Verifies (HashInfo, MerID) and decrypts a MapReturnURL post; throws PayuniCallbackError. */
  parseMapReturn(form: CallbackForm): MapStore;
  /** A 7-ELEVEN shipment (`logistics/trade`, Version 1.3). Throws PayuniError (`VALIDATION` before sending). */
  createStoreShipment(req: StoreShipmentRequest): Promise<ShipmentResult>;
  /** A T-cat home delivery (`home_delivery/trade`, Version 1.2). HOME01092 (already collected) is a PayuniError whose `fields` may carry the ShipTradeNo. */
  createHomeShipment(req: HomeShipmentRequest): Promise<ShipmentResult>;
  /** A shipment's status (`logistics/query`, Version 1.1). */
  queryShipment(req: { lgsType: LgsType; shipTradeNo: string }): Promise<ShipmentStatus>;
  /**
   * Cancels a shipment not yet handed to the carrier (`logistics/cancel`, Version 1.0 — path and
   * fields unconfirmed, not in PROVIDERS.md; a PayuniError when PAYUNi refuses, e.g. already sent).
   */
  cancelShipment(req: { lgsType: LgsType; shipTradeNo: string }): Promise<{ shipTradeNo: string; raw: Record<string, string> }>;
  /** The auto-submit form to the T-cat label PDF (`home_delivery/get_obt_number_pdf`, Version 1.0, a browser call). */
  homeLabelForm(req: HomeLabelRequest): PayuniForm;
  /** Verifies (HashInfo, MerID) and decrypts a status notify (inner ApiType `ShipStatus`); throws PayuniCallbackError. */
  parseStatusNotify(form: CallbackForm): ShipmentStatus;
}

export type LgsType = 'C2C' | 'B2C' | 'HOME';

/** `logistics/trade` (PROVIDERS.md §3). */
export interface StoreShipmentRequest {
  /** This shipment's own number (≤ 25 of A-Z a-z 0-9 _ -). */
  merTradeNo: string;
  lgsType: 'C2C' | 'B2C';
  /** 1 ambient, 2 frozen. */
  goodsType: 1 | 2;
  /** Cash to collect (ServiceType 1), or the goods value (ServiceType 3); ≤ 20 000. */
  tradeAmt: number;
  /** 1 cash on delivery, 3 no collection. */
  serviceType: 1 | 3;
  /** 6-digit 7-ELEVEN store id. */
  storeId: string;
  consignee: string;
  consigneeMobile: string;
  /** C2C: the store a returned parcel goes back to, and the sender. */
  refundStoreId?: string;
  senderName?: string;
  senderMobile?: string;
}

/** `home_delivery/trade` (PROVIDERS.md §3). */
export interface HomeShipmentRequest {
  merTradeNo: string;
  /** 1 ambient, 2 frozen, 3 chilled. */
  goodsType: 1 | 2 | 3;
  /** 30–20 000. */
  tradeAmt: number;
  serviceType: 1 | 3;
  /** '01' before 13:00, '02' 14–18, '04' any time. */
  deliveryTimeTag: '01' | '02' | '04';
  consignee: string;
  consigneeMobile: string;
  /** ≤ 120 characters. */
  consigneeAddress: string;
  /** ≤ 20 characters. */
  prodDesc: string;
}

export interface ShipmentResult {
  shipTradeNo: string;
  tradeNo?: string;
  /** C2C: the drop-off code (寄件代碼) the sender keys in at the store. */
  partnerId?: string;
  storeName?: string;
  storeAddr?: string;
  shipAmt?: number;
  raw: Record<string, string>;
}

/** A status as `logistics/query` answers or a status notify posts it. */
export interface ShipmentStatus {
  shipTradeNo: string;
  lgsType: string;
  /** ShipStatus (PROVIDERS.md §3): 91 new … 32 at store, 11 picked up, 41 cancelled, 51–56 returns. */
  shipStatus: string;
  shipStatusDesc: string;
  /** `YYYY-MM-DD HH:II:SS` (Asia/Taipei) as given. */
  shipStatusTime: string;
  odno?: string;
  validationNo?: string;
  fileNo?: string;
  obtNumber?: string;
  raw: Record<string, string>;
}

export interface HomeLabelRequest {
  shipTradeNo: string;
  /** `YYYY-MM-DD`. */
  shipDate: string;
  deliveryDate: string;
  /** Package size: '1' 60 cm, '2' 90, '3' 120, '4' 150. */
  spec: string;
  /** The shop origin the browser is on (the embedded simulator's browser URL is a path on the shop). */
  origin?: string;
}

/** ShipStatus codes that end a shipment (nothing more will change). */
export const FINAL_SHIP_STATUSES: readonly string[] = ['11', '41', '51', '52', '53', '54', '55', '56'];

/** What a ShipStatus means for the order (PROVIDERS.md §3). */
export function shipStatusKind(code: string): 'created' | 'in-transit' | 'at-store' | 'problem' | 'picked-up' | 'cancelled' | 'returned' | 'unknown' {
  if (['91', '92', '98'].includes(code)) return 'created';
  if (['21', '22', '31'].includes(code)) return 'in-transit';
  if (code === '32') return 'at-store';
  if (code === '33' || code === '81') return 'problem';
  if (code === '11') return 'picked-up';
  if (code === '41') return 'cancelled';
  if (/^5[1-6]$/.test(code)) return 'returned';
  return 'unknown';
}

/** zh-TW texts of the ShipStatus codes (for pages and when a provider sends no description). */
export const SHIP_STATUS_TEXT: Readonly<Record<string, string>> = {
  '91': '已建立物流單',
  '92': '物流單處理中',
  '98': '物流單處理中',
  '21': '待出貨',
  '22': '物流中心驗收',
  '31': '配送中',
  '32': '已到店',
  '33': '配送異常',
  '11': '已取件',
  '41': '已取消',
  '51': '退貨處理中',
  '52': '退貨配送中',
  '53': '退貨已到店',
  '54': '退貨已取件',
  '55': '退貨完成',
  '56': '退貨異常',
  '81': '門市關轉，請重選門市',
};

export interface ShipMapRequest {
  /** Our own id of this map request (≤ 20 of A-Z a-z 0-9 _ -). */
  merKeyNo: string;
  /** B2C (the shop ships from its contract) or C2C (drop-off at any store). */
  lgsType: 'C2C' | 'B2C';
  /** 1 ambient, 2 frozen. */
  goodsType: 1 | 2;
  /** 1 main island only, 2 offshore islands too. */
  mapType: 1 | 2;
  /** Where the map posts the chosen store (absolute http(s) URL). */
  mapReturnUrl: string;
  /** The phone layout of the map (`MobileTag` Y). */
  mobile: boolean;
  /**
   * The shop origin the browser is on (e.g. `https://shop.example.com`). Needed only when the
   * gateway's browser URL is a path on the shop (the embedded simulator, `/sim/payuni`).
   */
  origin?: string;
}

/** The store chosen on the map (MapJson). */
export interface MapStore {
  /** 6-digit 7-ELEVEN store id. */
  storeId: string;
  storeName: string;
  storeAddr: string;
  /** StoreType as given (e.g. `UNIMART`). */
  storeType: string;
  /** InsularArea when given (`Y` for an offshore-island store). */
  insularArea?: string;
  /** MerKeyNo echoed back, when the map sends it. */
  merKeyNo?: string;
  raw: Record<string, string>;
}
