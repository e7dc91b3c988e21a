import type { CallbackForm, PayuniForm } from './payuni-gateway';

/**
 * PAYUNi logistics calls the checkout uses (PROVIDERS.md §3): the 7-ELEVEN store map (a browser
 * form to `logistics/ship_map`, Version 1.1) and the store it posts back to MapReturnURL.
 */
export interface PayuniLogistics {
  /** The auto-submit form to the store map (`go_url` + `body`). Throws PayuniError('VALIDATION') on bad input. */
  shipMapForm(req: ShipMapRequest): PayuniForm;
  /** Verifies (HashInfo, MerID) and decrypts a MapReturnURL post; throws PayuniCallbackError. */
  parseMapReturn(form: CallbackForm): MapStore;
}

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
