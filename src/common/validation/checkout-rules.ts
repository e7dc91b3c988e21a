/**
 * Checkout rules and texts (spec 2 §4, §5, §8, §9; issue 10's decisions), written once: the server
 * answers with exactly what the client's form shows (the client may check first; the server is
 * the authority). Pure TypeScript, imported by the client as `@rules/checkout-rules`.
 */
import { isChineseName, isCitizenBarcode, isEmailAddress, isMobileBarcodeCarrier, isTaxId } from './taiwan';
import { lookupArea } from './tw-zipcodes';

export const CHECKOUT_MSG = {
  // spec 2 §5 (copied exactly)
  receiverNameRequired: '請填寫姓名！',
  receiverNameChinese: '收件人姓名須為中文！',
  receiverPhoneRequired: '請填寫手機號碼！',
  receiverPhoneInvalid: '手機號碼格式錯誤！(需為 09 開頭 10 碼數字)',
  homeAddressIncomplete: '請選擇或填寫完整住家地址！',
  sevenStoreRequired: '請選擇 7-11 門市！',
  paymentRequired: '請選擇付款方式！',
  bankRequired: '請選擇銀行代碼！',
  companyNameRequired: '請填寫公司抬頭！',
  taxIdInvalid: '統一編號格式錯誤，請檢查！',
  carrierRequired: '請選擇載具！',
  mobileBarcodeInvalid: '手機條碼格式有誤！',
  mobileBarcodeHint: '手機條碼需以 "/" 開頭 + 7 碼英數字！',
  citizenBarcodeInvalid: '自然人憑證條碼格式有誤！',
  citizenBarcodeHint: '自然人憑證條碼需 2碼英文 + 14碼數字，共16碼！',
  generalInvalid: '請檢查資料是否填寫正確！',
  cartEmpty: '購物車內無商品！',
  profileIncomplete: '請先補上會員姓名、電子信箱、手機號碼',
  loginRequired: '請先登入後再進行結帳',
  // spec 2 §8
  submitFailed: '提交失敗，請稍後再試。',
  submitServerError: '伺服器錯誤，請稍後再試。',
  // issue 10 (decided where the spec is silent)
  familyStoreRequired: '請選擇全家門市！',
  hilifeStoreRequired: '請選擇萊爾富門市！',
  donateCodeInvalid: '請輸入正確的愛心碼！',
  paymentAmountOutOfRange: '此付款方式不適用於本訂單金額',
  // ours
  shippingRequired: '請選擇配送方式！',
  shippingUnavailable: '此配送方式目前無法使用，請重新選擇',
  paymentUnavailable: '此付款方式目前無法使用，請重新選擇',
  codNotForStore: '貨到付款僅適用於 7-11 取貨、宅配及離島宅配',
  invoiceTypeRequired: '請選擇發票類型！',
  deliverySlotInvalid: '請選擇正確的配送時段！',
  buyerNameRequired: '請填寫訂購人姓名！',
  buyerPhoneInvalid: '訂購人手機號碼格式錯誤！(需為 09 開頭 10 碼數字)',
  buyerEmailInvalid: '訂購人 Email 格式不正確！',
  fieldTooLong: '資料過長，請檢查後再送出',
  duplicateSubmit: '訂單處理中，請勿重複送出',
  tooManyOrders: '下單次數過於頻繁，請稍後再試',
  paymentStartFailed: '付款服務暫時無法使用，訂單未成立，請稍後再試或改用其他付款方式',
  // payment slip (spec 2 §8)
  slipNoMerTradeNo: '無法取得 MerTradeNo，請確認 URL 是否正確',
  slipBackendError: '後端回傳錯誤',
  // store map (spec 2 §8)
  mapNetworkError: '伺服器錯誤',
  mapFailed: '無法開啟門市地圖，請稍後再試',
  // my orders (spec 1 §8)
  ordersEmpty: '目前沒有任何訂單。',
  cancelConfirmTitle: (id: number) => `確定要取消訂單 #${id} 嗎？`,
  cancelConfirmText: '訂單取消後將無法恢復！',
  cancelled: '訂單已取消！',
  cancelFailed: '取消訂單失敗',
  cancelPaid: '付款已完成，無法取消訂單',
  // ours
  cancelNotAllowed: '此訂單目前無法取消',
  orderNotFound: '找不到訂單',
} as const;

/** The new total the server computed, when the client's differs (prices or fees changed since the cart was filled). */
export const totalChangedMsg = (total: number) =>
  `商品價格或運費已更新，訂單金額應為 NT$ ${total.toLocaleString('en-US')}，請確認後再送出`;

// ---------------------------------------------------------------- constants (spec 2 §9)

/** Shipping method ids (spec 2 §3). */
/**
 * Methods paid on the gateway's own page (card 3-D Secure, LINE Pay): the order is placed before the
 * shopper pays, so the cart stays (browser and server) until the payment succeeds; the other methods
 * (ATM, CVS code, cash on delivery) are done buying once the order is placed.
 */
export const GATEWAY_PAYMENTS: readonly string[] = ['credit', 'linepay'];

export const SHIPPING = { seven: 1, family: 2, hilife: 3, home: 4, island: 5 } as const;
export const HOME_SHIPPINGS: readonly number[] = [SHIPPING.home, SHIPPING.island];
export const STORE_SHIPPINGS: readonly number[] = [SHIPPING.seven, SHIPPING.family, SHIPPING.hilife];
/** The address book's shipping_type of each shipping method. */
export const ADDRESS_TYPE_OF_SHIPPING: Readonly<Record<number, 'home' | 'seven' | 'family' | 'hilife'>> = {
  1: 'seven',
  2: 'family',
  3: 'hilife',
  4: 'home',
  5: 'home',
};

export const DELIVERY_SLOTS = [
  { value: '01', label: '13:00 前' },
  { value: '02', label: '14:00–18:00' },
  { value: '04', label: '不指定' },
] as const;
export const DEFAULT_DELIVERY_SLOT = '04';

export const ATM_BANKS = [
  { code: '004', name: '臺灣銀行' },
  { code: '822', name: '中國信託' },
  { code: '013', name: '國泰世華' },
] as const;
export const DEFAULT_ATM_BANK = '013';

export const PAYMENT_CODES = ['atm', 'cvs', 'credit', 'linepay', 'cod'] as const;
export type PaymentCode = (typeof PAYMENT_CODES)[number];

export const INVOICE_TYPES = ['personal', 'Company', 'Donate'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const CARRIER_TYPES = [
  { value: 'amego', label: '會員載具' },
  { value: '3J0002', label: '手機條碼' },
  { value: 'CQ0001', label: '自然人憑證' },
] as const;
export const DONATE_CODE = /^\d{3,7}$/;

/** PAYUNi's amount limits per method (PROVIDERS.md §1), inclusive, integer NT$. Cash on delivery: ≤ 20,000. */
export const PAYMENT_AMOUNT_LIMITS: Readonly<Record<PaymentCode, { min: number; max: number }>> = {
  atm: { min: 15, max: 49_999 },
  cvs: { min: 30, max: 20_000 },
  credit: { min: 1, max: 199_999 },
  linepay: { min: 1, max: 199_999 },
  cod: { min: 1, max: 20_000 },
};

/** Cash on delivery exists for 7-11 (PAYUNi 7-11 COD) and home / island delivery (T-cat COD), not 全家 / 萊爾富. */
export function codAllowedFor(shipping: number): boolean {
  return shipping === SHIPPING.seven || HOME_SHIPPINGS.includes(shipping);
}

/** Whether a payment method can be offered for this shipping method and total (the checkout hides the others). */
export function paymentAllowed(payment: string, shipping: number, total: number): boolean {
  const lim = PAYMENT_AMOUNT_LIMITS[payment as PaymentCode];
  if (!lim) return false;
  if (payment === 'cod' && !codAllowedFor(shipping)) return false;
  return total >= lim.min && total <= lim.max;
}

// ---------------------------------------------------------------- money

export interface ShippingFeeRule {
  shipping_cost: number;
  free_shipping_threshold: number;
}

/**
 * Spec 2 §9: the fee is 0 when the subtotal is at or above the method's free threshold, else its
 * cost. A threshold of 0 therefore means always free (issue 10's decision).
 */
export function shippingFeeFor(m: ShippingFeeRule, subtotal: number): number {
  return subtotal >= Math.max(0, m.free_shipping_threshold) ? 0 : Math.max(0, m.shipping_cost);
}

/** How much more to spend for free shipping (0 when already free). */
export function amountToFreeShipping(m: ShippingFeeRule, subtotal: number): number {
  return Math.max(0, m.free_shipping_threshold - subtotal);
}

// ---------------------------------------------------------------- the form

/** The checkout form as submitted (field names of issue 10). Card fields are never read. */
export interface CheckoutInput {
  buy_name?: string;
  buy_phone?: string;
  buy_email?: string;
  name?: string;
  phone?: string;
  city?: string;
  district?: string;
  zip?: string;
  street?: string;
  store_id?: string;
  store_name?: string;
  store_addr?: string;
  shipping?: number;
  deliveryTimeSlot?: string;
  payment?: string;
  bankCode?: string;
  invoiceType?: string;
  carrierType?: string;
  mobileBarcode?: string;
  citizenBarcode?: string;
  companyName?: string;
  taxId?: string;
  donateCode?: string;
}

export type CheckoutField =
  | 'buyer'
  | 'name'
  | 'phone'
  | 'shipping'
  | 'address'
  | 'store'
  | 'deliveryTimeSlot'
  | 'payment'
  | 'bankCode'
  | 'invoiceType'
  | 'carrierType'
  | 'mobileBarcode'
  | 'citizenBarcode'
  | 'companyName'
  | 'taxId'
  | 'donateCode';

export interface CheckoutProblem {
  field: CheckoutField;
  message: string;
}

export interface CheckoutContext {
  /** Active shipping method ids (settings). */
  shippingIds: readonly number[];
  /** Active payment method codes (settings). */
  paymentCodes: readonly string[];
  /** The order total (subtotal + fee) for the amount limits; omitted = not checked. */
  total?: number;
}

const t = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Max lengths (the orders table's columns). */
const MAX = { name: 50, email: 255, street: 200, store_id: 20, store_name: 100, store_addr: 200, company: 100 } as const;

/**
 * Every problem of the form, in the order the checkout page shows them (spec 2 §5). The server
 * answers the first one's message. Invoice rules are skipped for LINE Pay.
 */
export function checkoutProblems(f: CheckoutInput, ctx: CheckoutContext): CheckoutProblem[] {
  const out: CheckoutProblem[] = [];
  const add = (field: CheckoutField, message: string) => out.push({ field, message });

  // Buyer (filled from the profile).
  if (!t(f.buy_name)) add('buyer', CHECKOUT_MSG.buyerNameRequired);
  else if (t(f.buy_name).length > MAX.name) add('buyer', CHECKOUT_MSG.fieldTooLong);
  if (!/^09\d{8}$/.test(t(f.buy_phone))) add('buyer', CHECKOUT_MSG.buyerPhoneInvalid);
  if (!isEmailAddress(t(f.buy_email))) add('buyer', CHECKOUT_MSG.buyerEmailInvalid);

  // Receiver.
  const name = t(f.name);
  if (!name) add('name', CHECKOUT_MSG.receiverNameRequired);
  else if (!isChineseName(name)) add('name', CHECKOUT_MSG.receiverNameChinese);
  const phone = t(f.phone);
  if (!phone) add('phone', CHECKOUT_MSG.receiverPhoneRequired);
  else if (!/^09\d{8}$/.test(phone)) add('phone', CHECKOUT_MSG.receiverPhoneInvalid);

  // Shipping and where to.
  const shipping = f.shipping;
  if (typeof shipping !== 'number' || !Number.isInteger(shipping)) add('shipping', CHECKOUT_MSG.shippingRequired);
  else if (!ctx.shippingIds.includes(shipping)) add('shipping', CHECKOUT_MSG.shippingUnavailable);
  else if (HOME_SHIPPINGS.includes(shipping)) {
    const area = lookupArea(t(f.city), t(f.district));
    if (!area || !t(f.street) || !t(f.zip)) add('address', CHECKOUT_MSG.homeAddressIncomplete);
    else if (t(f.street).length > MAX.street) add('address', CHECKOUT_MSG.fieldTooLong);
    const slot = f.deliveryTimeSlot ?? DEFAULT_DELIVERY_SLOT;
    if (!DELIVERY_SLOTS.some((s) => s.value === slot)) add('deliveryTimeSlot', CHECKOUT_MSG.deliverySlotInvalid);
  } else if (shipping === SHIPPING.seven) {
    if (!t(f.store_id) || !t(f.store_name)) add('store', CHECKOUT_MSG.sevenStoreRequired);
  } else if (shipping === SHIPPING.family) {
    if (!t(f.store_name)) add('store', CHECKOUT_MSG.familyStoreRequired);
  } else if (shipping === SHIPPING.hilife) {
    if (!t(f.store_name)) add('store', CHECKOUT_MSG.hilifeStoreRequired);
  }
  if (typeof shipping === 'number' && STORE_SHIPPINGS.includes(shipping)) {
    if (t(f.store_id).length > MAX.store_id || t(f.store_name).length > MAX.store_name || t(f.store_addr).length > MAX.store_addr) {
      add('store', CHECKOUT_MSG.fieldTooLong);
    }
  }

  // Payment.
  const payment = t(f.payment);
  if (!payment) add('payment', CHECKOUT_MSG.paymentRequired);
  else if (!(PAYMENT_CODES as readonly string[]).includes(payment) || !ctx.paymentCodes.includes(payment)) add('payment', CHECKOUT_MSG.paymentUnavailable);
  else {
    if (payment === 'cod' && typeof shipping === 'number' && !codAllowedFor(shipping)) add('payment', CHECKOUT_MSG.codNotForStore);
    else if (ctx.total !== undefined) {
      const lim = PAYMENT_AMOUNT_LIMITS[payment as PaymentCode];
      if (ctx.total < lim.min || ctx.total > lim.max) add('payment', CHECKOUT_MSG.paymentAmountOutOfRange);
    }
    if (payment === 'atm' && !ATM_BANKS.some((b) => b.code === f.bankCode)) add('bankCode', CHECKOUT_MSG.bankRequired);
  }

  // Invoice (not for LINE Pay: invoiced to the member carrier).
  if (payment !== 'linepay') {
    const type = f.invoiceType;
    if (type === 'Company') {
      if (!t(f.companyName)) add('companyName', CHECKOUT_MSG.companyNameRequired);
      else if (t(f.companyName).length > MAX.company) add('companyName', CHECKOUT_MSG.fieldTooLong);
      if (!isTaxId(t(f.taxId))) add('taxId', CHECKOUT_MSG.taxIdInvalid);
    } else if (type === 'Donate') {
      if (!DONATE_CODE.test(t(f.donateCode))) add('donateCode', CHECKOUT_MSG.donateCodeInvalid);
    } else if (type === 'personal') {
      const carrier = f.carrierType;
      if (!carrier || !CARRIER_TYPES.some((c) => c.value === carrier)) add('carrierType', CHECKOUT_MSG.carrierRequired);
      else if (carrier === '3J0002' && !isMobileBarcodeCarrier(t(f.mobileBarcode))) add('mobileBarcode', CHECKOUT_MSG.mobileBarcodeInvalid);
      else if (carrier === 'CQ0001' && !isCitizenBarcode(t(f.citizenBarcode))) add('citizenBarcode', CHECKOUT_MSG.citizenBarcodeInvalid);
    } else add('invoiceType', CHECKOUT_MSG.invoiceTypeRequired);
  }
  return out;
}

/** The first problem's message, or undefined when the form is complete. */
export function checkoutError(f: CheckoutInput, ctx: CheckoutContext): string | undefined {
  return checkoutProblems(f, ctx)[0]?.message;
}
