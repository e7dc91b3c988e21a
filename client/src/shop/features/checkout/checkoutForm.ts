import {
  ADDRESS_TYPE_OF_SHIPPING,
  ATM_BANKS,
  CARRIER_TYPES,
  CHECKOUT_MSG,
  DEFAULT_ATM_BANK,
  DEFAULT_DELIVERY_SLOT,
  DELIVERY_SLOTS,
  HOME_SHIPPINGS,
  INVOICE_TYPES,
  SHIPPING,
  type CheckoutField,
  type CheckoutInput,
  type CheckoutProblem,
} from '@rules/checkout-rules';
import { districtsOf } from '@rules/tw-zipcodes';
import type { PickedStore } from '@api/orders';
import type { Address, UserProfile } from '../auth/userTypes';
import type { CartItem } from '../cart/cartSlice';
import type { SubmitOrderBody } from './checkoutApi';

import { readSessionJson, removeSession, writeSessionJson } from './sessionJson';

export { dropPickedStore, handOverPickedStore, peekPickedStore, pickedStoreFrom, PICKED_STORE_KEY } from './pickedStore';

/**
 * The checkout form (spec 2 §4–5), pure so it is tested alone: defaults, restore of the saved
 * form and config defaults, same-as-buyer, the address choices, what is submitted, and where each
 * of the shared rules' problems is shown.
 */

export type StoreType = 'seven' | 'family' | 'hilife';
export const STORE_TYPES: readonly StoreType[] = ['seven', 'family', 'hilife'];

export interface HomeFields {
  city: string;
  district: string;
  zip: string;
  street: string;
}

export type StoreFields = PickedStore;

export interface CheckoutForm {
  buy_name: string;
  buy_phone: string;
  buy_email: string;
  /** The receiver follows the buyer's name and phone while ticked. */
  sameAsBuyer: boolean;
  name: string;
  phone: string;
  shipping: number;
  /** The home / island delivery address (a saved one copied in, or typed). */
  home: HomeFields;
  /** Typing a new home address instead of choosing a saved one. */
  homeManual: boolean;
  /** The store of each chain (7-11 from the map or the address book; 全家 / 萊爾富 saved or typed). */
  stores: Record<StoreType, StoreFields>;
  /** Typing a 全家 / 萊爾富 store instead of choosing a saved one (7-11 stores come from the map). */
  storeManual: Record<StoreType, boolean>;
  deliveryTimeSlot: string;
  payment: string;
  bankCode: string;
  invoiceType: string;
  carrierType: string;
  mobileBarcode: string;
  citizenBarcode: string;
  companyName: string;
  taxId: string;
  donateCode: string;
}

export const EMPTY_HOME: HomeFields = { city: '', district: '', zip: '', street: '' };
export const EMPTY_STORE: StoreFields = { store_id: '', store_name: '', store_addr: '' };

// ---------------------------------------------------------------- saved addresses

export const savedHomes = (user: Pick<UserProfile, 'addresses'>): Address[] => (user.addresses ?? []).filter((a) => a.shipping_type === 'home');
export const savedStores = (user: Pick<UserProfile, 'addresses'>, type: StoreType): Address[] =>
  (user.addresses ?? []).filter((a) => a.shipping_type === type);

export const homeOf = (a: Address): HomeFields => ({ city: a.city, district: a.district, zip: a.zip, street: a.street });
export const storeOf = (a: Pick<Address, 'store_id' | 'store_name' | 'store_addr'>): StoreFields => ({
  store_id: a.store_id,
  store_name: a.store_name,
  store_addr: a.store_addr,
});

export const sameHome = (a: HomeFields, b: HomeFields) => a.city === b.city && a.district === b.district && a.street.trim() === b.street.trim();
/** Two stores are the same store: same number (or, without numbers, the same name). */
export const sameStore = (a: StoreFields, b: StoreFields) =>
  a.store_id || b.store_id ? a.store_id.trim() === b.store_id.trim() : a.store_name.trim() === b.store_name.trim() && a.store_name.trim() !== '';

/** The store type of a shipping method, or undefined for home / island delivery. */
export function storeTypeOf(shipping: number): StoreType | undefined {
  const t = ADDRESS_TYPE_OF_SHIPPING[shipping];
  return t && t !== 'home' ? t : undefined;
}

export const isHomeShipping = (shipping: number) => HOME_SHIPPINGS.includes(shipping);

// ---------------------------------------------------------------- defaults and restore

/** The chosen home address after a shipping change: the first saved one when any (spec 2 §4), else typing. */
function homeDefaults(user: Pick<UserProfile, 'addresses'>): Pick<CheckoutForm, 'home' | 'homeManual'> {
  const first = savedHomes(user)[0];
  return first ? { home: homeOf(first), homeManual: false } : { home: { ...EMPTY_HOME }, homeManual: true };
}

function storeDefaults(user: Pick<UserProfile, 'addresses'>): Pick<CheckoutForm, 'stores' | 'storeManual'> {
  const stores = {} as Record<StoreType, StoreFields>;
  const storeManual = {} as Record<StoreType, boolean>;
  for (const type of STORE_TYPES) {
    const first = savedStores(user, type)[0];
    stores[type] = first ? storeOf(first) : { ...EMPTY_STORE };
    // 7-11: no saved store means a new one must be picked on the map (no typing).
    storeManual[type] = type !== 'seven' && !first;
  }
  return { stores, storeManual };
}

/**
 * The form a member starts with (spec 2 §4): home delivery, slot 04, personal invoice, ATM bank
 * 013, the buyer from the profile, the first saved address of each type, and the config's
 * defaults (shipping, carrier barcodes, company title and tax id).
 */
export function defaultForm(user: UserProfile): CheckoutForm {
  const c = user.config;
  const mobile = c?.default_mobile_barcode ?? '';
  const citizen = c?.default_citizen_barcode ?? '';
  return {
    buy_name: user.username ?? '',
    buy_phone: user.phone ?? '',
    buy_email: user.email ?? '',
    sameAsBuyer: false,
    name: '',
    phone: '',
    shipping: c && Number.isInteger(c.default_shipping) && c.default_shipping >= 1 && c.default_shipping <= 5 ? c.default_shipping : SHIPPING.home,
    ...homeDefaults(user),
    ...storeDefaults(user),
    deliveryTimeSlot: DEFAULT_DELIVERY_SLOT,
    payment: '',
    bankCode: DEFAULT_ATM_BANK,
    invoiceType: 'personal',
    carrierType: mobile ? '3J0002' : citizen ? 'CQ0001' : '',
    mobileBarcode: mobile,
    citizenBarcode: citizen,
    companyName: c?.default_company_name ?? '',
    taxId: c?.default_tax_id ?? '',
    donateCode: '',
  };
}

const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v.slice(0, 300) : fallback);
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);
const oneOf = (v: unknown, allowed: readonly string[], fallback: string): string => (typeof v === 'string' && allowed.includes(v) ? v : fallback);

function restoreHome(v: unknown, fallback: HomeFields): HomeFields {
  if (!v || typeof v !== 'object') return fallback;
  const h = v as Partial<HomeFields>;
  return { city: str(h.city, ''), district: str(h.district, ''), zip: str(h.zip, ''), street: str(h.street, '') };
}

function restoreStore(v: unknown, fallback: StoreFields): StoreFields {
  if (!v || typeof v !== 'object') return fallback;
  const s = v as Partial<StoreFields>;
  return { store_id: str(s.store_id, ''), store_name: str(s.store_name, ''), store_addr: str(s.store_addr, '') };
}

/** The saved form over the defaults, field by field (storage is user-editable: wrong types are dropped). */
export function restoreForm(base: CheckoutForm, saved: unknown): CheckoutForm {
  if (!saved || typeof saved !== 'object') return base;
  const s = saved as Partial<Record<keyof CheckoutForm, unknown>>;
  const stores = (s.stores && typeof s.stores === 'object' ? s.stores : {}) as Partial<Record<StoreType, unknown>>;
  const manual = (s.storeManual && typeof s.storeManual === 'object' ? s.storeManual : {}) as Partial<Record<StoreType, unknown>>;
  const shipping = typeof s.shipping === 'number' && Number.isInteger(s.shipping) && s.shipping >= 1 && s.shipping <= 5 ? s.shipping : base.shipping;
  return {
    buy_name: str(s.buy_name, base.buy_name),
    buy_phone: str(s.buy_phone, base.buy_phone),
    buy_email: str(s.buy_email, base.buy_email),
    sameAsBuyer: bool(s.sameAsBuyer, base.sameAsBuyer),
    name: str(s.name, base.name),
    phone: str(s.phone, base.phone),
    shipping,
    home: restoreHome(s.home, base.home),
    homeManual: bool(s.homeManual, base.homeManual),
    stores: {
      seven: restoreStore(stores.seven, base.stores.seven),
      family: restoreStore(stores.family, base.stores.family),
      hilife: restoreStore(stores.hilife, base.stores.hilife),
    },
    storeManual: {
      seven: false,
      family: bool(manual.family, base.storeManual.family),
      hilife: bool(manual.hilife, base.storeManual.hilife),
    },
    deliveryTimeSlot: oneOf(s.deliveryTimeSlot, DELIVERY_SLOTS.map((d) => d.value), base.deliveryTimeSlot),
    payment: str(s.payment, base.payment),
    bankCode: oneOf(s.bankCode, ATM_BANKS.map((b) => b.code), base.bankCode),
    invoiceType: oneOf(s.invoiceType, INVOICE_TYPES, base.invoiceType),
    carrierType: oneOf(s.carrierType, ['', ...CARRIER_TYPES.map((c) => c.value)], base.carrierType),
    mobileBarcode: str(s.mobileBarcode, base.mobileBarcode),
    citizenBarcode: str(s.citizenBarcode, base.citizenBarcode),
    companyName: str(s.companyName, base.companyName),
    taxId: str(s.taxId, base.taxId),
    donateCode: str(s.donateCode, base.donateCode),
  };
}

/** A store picked on the map (or handed over by /checkoutCvsResult): 7-11, that store. */
export function withPickedStore(form: CheckoutForm, store: StoreFields): CheckoutForm {
  return { ...form, shipping: SHIPPING.seven, stores: { ...form.stores, seven: { ...store } } };
}

// ---------------------------------------------------------------- edits

/** Buyer edits: a ticked same-as-buyer keeps the receiver's name and phone equal to the buyer's. */
export function withBuyer(form: CheckoutForm, change: Partial<Pick<CheckoutForm, 'buy_name' | 'buy_phone' | 'buy_email'>>): CheckoutForm {
  const next = { ...form, ...change };
  return next.sameAsBuyer ? { ...next, name: next.buy_name, phone: next.buy_phone } : next;
}

/** Ticking same-as-buyer copies the buyer's name and phone to the receiver (spec 2 §4). */
export function withSameAsBuyer(form: CheckoutForm, checked: boolean): CheckoutForm {
  return checked ? { ...form, sameAsBuyer: true, name: form.buy_name, phone: form.buy_phone } : { ...form, sameAsBuyer: false };
}

/** Receiver edits: typing another name or phone than the buyer's unticks same-as-buyer. */
export function withReceiver(form: CheckoutForm, change: Partial<Pick<CheckoutForm, 'name' | 'phone'>>): CheckoutForm {
  const next = { ...form, ...change };
  return { ...next, sameAsBuyer: next.sameAsBuyer && next.name === next.buy_name && next.phone === next.buy_phone };
}

/** A new shipping method: its address choice starts from the first saved address of its type (spec 2 §4). */
export function withShipping(form: CheckoutForm, shipping: number, user: Pick<UserProfile, 'addresses'>): CheckoutForm {
  if (shipping === form.shipping) return form;
  const next = { ...form, shipping };
  const type = storeTypeOf(shipping);
  if (isHomeShipping(shipping) && !form.home.street && !form.home.city) return { ...next, ...homeDefaults(user) };
  if (type && !form.stores[type].store_name) {
    const first = savedStores(user, type)[0];
    if (first) return { ...next, stores: { ...form.stores, [type]: storeOf(first) }, storeManual: { ...form.storeManual, [type]: false } };
  }
  return next;
}

/** A new city clears district and zip; the zip follows the district (spec 2 §4). */
export function withCity(home: HomeFields, city: string): HomeFields {
  return { ...home, city, district: '', zip: '' };
}

export function withDistrict(home: HomeFields, district: string): HomeFields {
  return { ...home, district, zip: districtsOf(home.city).find((d) => d.name === district)?.zip ?? '' };
}

/** Barcodes are upper case (手機條碼 / 自然人憑證 letters); typing in lower case is fine. */
export const barcodeInput = (value: string) => value.toUpperCase().replace(/\s/g, '');

// ---------------------------------------------------------------- what is checked and sent

/** The form as the shared rules read it (only the address of the chosen shipping). */
export function checkoutInput(form: CheckoutForm): CheckoutInput {
  const type = storeTypeOf(form.shipping);
  const home = isHomeShipping(form.shipping) ? form.home : EMPTY_HOME;
  const store = type ? form.stores[type] : EMPTY_STORE;
  return {
    buy_name: form.buy_name,
    buy_phone: form.buy_phone,
    buy_email: form.buy_email,
    name: form.name,
    phone: form.phone,
    ...home,
    ...store,
    shipping: form.shipping,
    deliveryTimeSlot: isHomeShipping(form.shipping) ? form.deliveryTimeSlot : undefined,
    payment: form.payment,
    bankCode: form.payment === 'atm' ? form.bankCode : undefined,
    invoiceType: form.invoiceType,
    carrierType: form.carrierType,
    mobileBarcode: form.mobileBarcode,
    citizenBarcode: form.citizenBarcode,
    companyName: form.companyName,
    taxId: form.taxId,
    donateCode: form.donateCode,
  };
}

const put = <T extends object>(target: T, key: keyof T, value: string) => {
  const v = value.trim();
  if (v) (target as Record<keyof T, string>)[key] = v;
};

/**
 * The submitOrder body: the fields that apply to the chosen shipping, payment and invoice,
 * trimmed; the invoice is left out for LINE Pay (spec 2 §4: its invoice type is cleared).
 */
export function submitBody(form: CheckoutForm, items: readonly CartItem[], totalAmount: number, userId?: number): SubmitOrderBody {
  const body: SubmitOrderBody = {
    ...(userId !== undefined ? { user_id: userId } : {}),
    buy_name: form.buy_name.trim(),
    buy_phone: form.buy_phone.trim(),
    buy_email: form.buy_email.trim(),
    name: form.name.trim(),
    phone: form.phone.trim(),
    shipping: form.shipping,
    payment: form.payment,
    cartItems: items.map((i) => ({ product_id: i.product_id, variant_id: i.variant_id || 0, quantity: i.quantity })),
    totalAmount,
  };
  const type = storeTypeOf(form.shipping);
  if (isHomeShipping(form.shipping)) {
    put(body, 'city', form.home.city);
    put(body, 'district', form.home.district);
    put(body, 'zip', form.home.zip);
    put(body, 'street', form.home.street);
    body.deliveryTimeSlot = form.deliveryTimeSlot;
  } else if (type) {
    put(body, 'store_id', form.stores[type].store_id);
    put(body, 'store_name', form.stores[type].store_name);
    put(body, 'store_addr', form.stores[type].store_addr);
  }
  if (form.payment === 'atm') body.bankCode = form.bankCode;
  if (form.payment !== 'linepay') {
    body.invoiceType = form.invoiceType;
    if (form.invoiceType === 'personal') {
      body.carrierType = form.carrierType;
      if (form.carrierType === '3J0002') put(body, 'mobileBarcode', form.mobileBarcode);
      if (form.carrierType === 'CQ0001') put(body, 'citizenBarcode', form.citizenBarcode);
    } else if (form.invoiceType === 'Company') {
      put(body, 'companyName', form.companyName);
      put(body, 'taxId', form.taxId);
    } else if (form.invoiceType === 'Donate') put(body, 'donateCode', form.donateCode);
  }
  return body;
}

// ---------------------------------------------------------------- where problems are shown

/** The page's fields in page order: a shared rule's field, with the buyer split into its three inputs. */
export const FORM_FIELDS = [
  'buy_name',
  'buy_phone',
  'buy_email',
  'name',
  'phone',
  'shipping',
  'address',
  'store',
  'deliveryTimeSlot',
  'payment',
  'bankCode',
  'invoiceType',
  'carrierType',
  'mobileBarcode',
  'citizenBarcode',
  'companyName',
  'taxId',
  'donateCode',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FieldErrors = Partial<Record<FormField, string>>;

/** The buyer's problems name which of its inputs they are about. */
function fieldOf(p: CheckoutProblem): FormField {
  if (p.field !== 'buyer') return p.field as Exclude<CheckoutField, 'buyer'>;
  if (p.message === CHECKOUT_MSG.buyerPhoneInvalid) return 'buy_phone';
  if (p.message === CHECKOUT_MSG.buyerEmailInvalid) return 'buy_email';
  return 'buy_name';
}

/** The first problem of each field, by field. */
export function fieldErrors(problems: readonly CheckoutProblem[]): FieldErrors {
  const out: FieldErrors = {};
  for (const p of problems) {
    const f = fieldOf(p);
    out[f] ??= p.message;
  }
  return out;
}

/** The first field with an error, in page order. */
export function firstErrorField(errors: FieldErrors): FormField | undefined {
  return FORM_FIELDS.find((f) => errors[f]);
}

// ---------------------------------------------------------------- saved form (sessionStorage)

/** The checkout's saved form: this tab only (it survives the phone's trip to the store map and a reload). */
export const SAVED_FORM_KEY = 'skinshop.checkout.form';

export interface SavedCheckout {
  user_id: number;
  form: CheckoutForm;
  /** The submit attempt in progress: its key, kept while the same form is sent again. */
  attempt?: { key: string; fingerprint: string };
}

/** The saved form of this member (another member's is ignored). */
export function loadSavedCheckout(userId: number): { form?: unknown; attempt?: SavedCheckout['attempt'] } {
  const saved = readSessionJson(SAVED_FORM_KEY) as Partial<SavedCheckout> | undefined;
  if (!saved || typeof saved !== 'object' || saved.user_id !== userId) return {};
  const a = saved.attempt;
  const attempt = a && typeof a.key === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(a.key) && typeof a.fingerprint === 'string' ? a : undefined;
  return { form: saved.form, attempt };
}

export function saveCheckout(saved: SavedCheckout): void {
  writeSessionJson(SAVED_FORM_KEY, saved);
}

export function clearSavedCheckout(): void {
  removeSession(SAVED_FORM_KEY);
}

// ---------------------------------------------------------------- idempotency

/** A random key (UUID v4); `crypto.randomUUID` needs a secure context, `getRandomValues` does not. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // insecure context: below
    }
  }
  const b = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The key of this submit: the previous attempt's while the same form is sent again (a retry after
 * a lost answer finds the order already made), a new one for a changed form.
 */
export function attemptFor(previous: SavedCheckout['attempt'], body: SubmitOrderBody): { key: string; fingerprint: string } {
  const fingerprint = JSON.stringify(body);
  return previous && previous.fingerprint === fingerprint ? previous : { key: newIdempotencyKey(), fingerprint };
}

// ---------------------------------------------------------------- the server's answer

export type SubmitOutcome =
  | { kind: 'post'; url: string; fields: Record<string, string> }
  | { kind: 'redirect'; url: string }
  | { kind: 'slip'; merTradeNo: string };

/**
 * What a successful submit asks for (spec 2 §4, §7): a gateway form to post (credit's hosted
 * 3-D Secure page), a page to go to (LINE Pay: `result` with an empty body; `Credit_Url`), or
 * the payment slip (ATM, CVS, cash on delivery).
 */
export function submitOutcome(answer: {
  resData?: { MerTradeNo?: string };
  result?: { go_url?: string; body?: Record<string, string> | null };
  Credit_Url?: string;
}): SubmitOutcome | undefined {
  const r = answer.result;
  if (r?.go_url) {
    const fields = r.body ?? {};
    return Object.keys(fields).length > 0 ? { kind: 'post', url: r.go_url, fields } : { kind: 'redirect', url: r.go_url };
  }
  if (answer.Credit_Url) return { kind: 'redirect', url: answer.Credit_Url };
  const no = answer.resData?.MerTradeNo;
  return no ? { kind: 'slip', merTradeNo: no } : undefined;
}

export const slipPath = (merTradeNo: string) => `/paymentSlip?MerTradeNo=${encodeURIComponent(merTradeNo)}`;

/** A refused submit whose total changed carries the server's total. */
export function changedTotal(error: unknown): number | undefined {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data?: unknown }).data : undefined;
  const total = data && typeof data === 'object' && 'totalAmount' in data ? (data as { totalAmount?: unknown }).totalAmount : undefined;
  return typeof total === 'number' && Number.isFinite(total) ? total : undefined;
}

/** Whether the profile has what checkout needs (spec 2 §5: name, e-mail and phone). */
export const profileComplete = (user: Pick<UserProfile, 'username' | 'email' | 'phone'>) => !!(user.username?.trim() && user.email?.trim() && user.phone?.trim());
