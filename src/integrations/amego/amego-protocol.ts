import { createHash } from 'node:crypto';
import { isCitizenBarcode, isEmailAddress, isMobileBarcodeCarrier, isTaxId } from '../../common/validation/taiwan';
import { AllowanceItem, AllowanceRequest, InvoiceItem, InvoiceRequest, InvoiceValidationError } from './invoice-gateway';

/** Amego's answer codes we act on (PROVIDERS.md §5). */
export const AMEGO_CODE = {
  OK: 0,
  TAX_ID_EMPTY: 11,
  TAX_ID_WRONG: 12,
  IP_REFUSED: 14,
  TIME_SKEW: 15,
  SIGN_WRONG: 16,
  DATA_EMPTY: 17,
  NOT_JSON: 20,
  NO_DATA: 71,
  BUYER_ID_LENGTH: 3040121,
  BUYER_ID_FORMAT: 3040122,
  NO_BUYER_NAME: 3040123,
  CARRIER_UNKNOWN: 3040132,
  DONATION_CODE: 3040137,
  ITEM_TAX_TYPE: 3040144,
  DETAIL_VAT_WITHOUT_TAX_ID: 3040162,
  ORDER_ID_USED: 3040171,
  SALES_AMOUNT_WRONG: 3040174,
  VOID_BAD_NUMBER: 3050111,
  VOID_NOT_ARRAY: 3050112,
  VOID_ALREADY: 3050122,
  VOID_UNKNOWN: 3050125,
  VOID_PENDING: 3050131,
  VOID_HAS_ALLOWANCE: 3050141,
  // Allowance (g0401 / g0501) refusals: PROVIDERS.md §5 names none — these are the simulator's
  // (unconfirmed, §8); the client only acts on ALLOWANCE_NUMBER_USED (looks the allowance up).
  ALLOWANCE_NOT_ARRAY: 3060112,
  ALLOWANCE_FIELD: 3060120,
  ALLOWANCE_BUYER: 3060121,
  ALLOWANCE_INVOICE_UNKNOWN: 3060125,
  ALLOWANCE_INVOICE_VOID: 3060126,
  ALLOWANCE_NUMBER_USED: 3060171,
  ALLOWANCE_AMOUNT_WRONG: 3060174,
  ALLOWANCE_OVER_INVOICE: 3060175,
  ALLOWANCE_VOID_NOT_ARRAY: 3070112,
  ALLOWANCE_VOID_ALREADY: 3070122,
  ALLOWANCE_VOID_UNKNOWN: 3070125,
} as const;

/** `sign` = lower-hex md5(data + time + appKey); empty-data endpoints sign over "". */
export function amegoSign(data: string, time: number | string, appKey: string): string {
  return createHash('md5').update(`${data}${time}${appKey}`, 'utf8').digest('hex');
}

/** The four form fields of every Amego call. JSON.stringify leaves UTF-8 unescaped, as Amego's examples. */
export function amegoForm(taxId: string, data: unknown, appKey: string, now = Date.now()): Record<string, string> {
  const json = data === '' ? '' : JSON.stringify(data);
  const time = Math.floor(now / 1000);
  return { invoice: taxId, data: json, time: String(time), sign: amegoSign(json, time, appKey) };
}

/** Consumer buyer id (no 統一編號). */
export const CONSUMER_BUYER_ID = '0000000000';
/** 愛心碼: 3–7 digits. */
export const LOVE_CODE = /^\d{3,7}$/;
export const ORDER_ID_MAX = 40;

/**
 * Company split of a tax-included integer total (PROVIDERS.md §5): SalesAmount =
 * round(total / 1.05), TaxAmount = total − SalesAmount. Computed in integers
 * (total × 20 / 21, half up — an exact half cannot occur since 21 ∤ 10·odd).
 */
export function companyTaxSplit(total: number): { salesAmount: number; taxAmount: number } {
  const salesAmount = Math.floor((total * 20 * 2 + 21) / 42);
  return { salesAmount, taxAmount: total - salesAmount };
}

function fail(field: string, message: string): never {
  throw new InvoiceValidationError(field, message);
}

function checkItems(items: InvoiceItem[], total: number): void {
  if (!Number.isSafeInteger(total) || total <= 0) fail('total', 'total must be a positive integer (NT$)');
  if (!Array.isArray(items) || items.length === 0) fail('items', 'an invoice needs at least one item');
  let sum = 0;
  items.forEach((it, i) => {
    if (typeof it.description !== 'string' || it.description.trim() === '') fail(`items[${i}].description`, 'item description is empty');
    if (it.description.length > 256) fail(`items[${i}].description`, 'item description is longer than 256 characters');
    if (!Number.isSafeInteger(it.quantity) || it.quantity <= 0) fail(`items[${i}].quantity`, 'item quantity must be a positive integer');
    if (!Number.isSafeInteger(it.unitPrice)) fail(`items[${i}].unitPrice`, 'item unit price must be an integer (NT$)');
    if (!Number.isSafeInteger(it.amount)) fail(`items[${i}].amount`, 'item amount must be an integer (NT$)');
    if (it.amount !== it.quantity * it.unitPrice) fail(`items[${i}].amount`, 'item amount must equal quantity × unit price');
    sum += it.amount;
  });
  if (sum !== total) fail('total', `item amounts add up to ${sum}, not the total ${total}`);
}

/** Checks an invoice before anything is sent; throws InvoiceValidationError naming the field. */
export function validateInvoice(inv: InvoiceRequest): void {
  if (typeof inv.orderId !== 'string' || inv.orderId === '' || inv.orderId.length > ORDER_ID_MAX || !/^[\x21-\x7e]+$/.test(inv.orderId)) {
    fail('orderId', 'orderId must be 1–40 printable ASCII characters');
  }
  if (!isEmailAddress(inv.buyerEmail)) fail('buyerEmail', 'buyer e-mail is not an e-mail address');
  checkItems(inv.items, inv.total);
  switch (inv.kind) {
    case 'personal': {
      if (typeof inv.buyerName !== 'string' || inv.buyerName.trim() === '') fail('buyerName', 'buyer name is empty');
      const c = inv.carrier;
      if (c.type === '3J0002' && !isMobileBarcodeCarrier(c.id)) fail('carrier.id', 'mobile barcode must be "/" and 7 of 0-9 A-Z . + -');
      else if (c.type === 'CQ0001' && !isCitizenBarcode(c.id)) fail('carrier.id', 'citizen certificate must be 2 capital letters and 14 digits');
      else if (c.type !== 'amego' && c.type !== '3J0002' && c.type !== 'CQ0001') fail('carrier.type', 'unknown carrier type');
      return;
    }
    case 'company':
      if (!isTaxId(inv.taxId)) fail('taxId', 'tax id (統一編號) is not valid');
      if (typeof inv.companyName !== 'string' || inv.companyName.trim() === '') fail('companyName', 'company name is empty');
      return;
    case 'donation':
      if (typeof inv.loveCode !== 'string' || !LOVE_CODE.test(inv.loveCode)) fail('loveCode', 'love code (愛心碼) must be 3–7 digits');
      return;
    default:
      fail('kind', 'unknown invoice kind');
  }
}

/** The f0401 `data` object, fields exactly as Amego names them (PascalCase). */
export interface AmegoF0401Data {
  OrderId: string;
  BuyerIdentifier: string;
  BuyerName: string;
  BuyerEmailAddress: string;
  CarrierType?: string;
  CarrierId1?: string;
  CarrierId2?: string;
  NPOBAN?: string;
  ProductItem: Array<{ Description: string; Quantity: number; UnitPrice: number; Amount: number; Unit: string; Remark: string; TaxType: number }>;
  SalesAmount: number;
  FreeTaxSalesAmount: number;
  ZeroTaxSalesAmount: number;
  TaxType: number;
  TaxRate: string;
  TaxAmount: number;
  TotalAmount: number;
  DetailVat: number;
}

/** Maps a validated invoice to f0401 data. All sales are taxable (TaxType 1, 5 %), items tax included. */
export function toF0401Data(inv: InvoiceRequest): AmegoF0401Data {
  const base = {
    OrderId: inv.orderId,
    BuyerIdentifier: CONSUMER_BUYER_ID,
    BuyerName: inv.buyerName.trim(),
    BuyerEmailAddress: inv.buyerEmail,
  };
  let buyer: Pick<AmegoF0401Data, 'OrderId' | 'BuyerIdentifier' | 'BuyerName' | 'BuyerEmailAddress' | 'CarrierType' | 'CarrierId1' | 'CarrierId2' | 'NPOBAN'>;
  let salesAmount = inv.total;
  let taxAmount = 0;
  if (inv.kind === 'personal') {
    const id = inv.carrier.type === 'amego' ? inv.buyerEmail : inv.carrier.id;
    buyer = { ...base, CarrierType: inv.carrier.type, CarrierId1: id, CarrierId2: id };
  } else if (inv.kind === 'company') {
    buyer = { ...base, BuyerIdentifier: inv.taxId, BuyerName: inv.companyName.trim() };
    ({ salesAmount, taxAmount } = companyTaxSplit(inv.total));
  } else {
    buyer = { ...base, NPOBAN: inv.loveCode };
  }
  return {
    ...buyer,
    ProductItem: inv.items.map((it) => ({
      Description: it.description,
      Quantity: it.quantity,
      UnitPrice: it.unitPrice,
      Amount: it.amount,
      Unit: it.unit ?? '',
      Remark: it.remark ?? '',
      TaxType: 1,
    })),
    SalesAmount: salesAmount,
    FreeTaxSalesAmount: 0,
    ZeroTaxSalesAmount: 0,
    TaxType: 1,
    TaxRate: '0.05',
    TaxAmount: taxAmount,
    TotalAmount: inv.total,
    DetailVat: 1,
  };
}

/** Our allowance numbers: ≤ 16 printable ASCII characters (Amego keeps them unique per seller). */
export const ALLOWANCE_NUMBER = /^[A-Za-z0-9-]{1,16}$/;
export const INVOICE_NUMBER = /^[A-Z]{2}\d{8}$/;

/**
 * An allowance line from a tax-included NT$ amount `gross` (PROVIDERS.md §5): tax = gross −
 * round(gross / 1.05), amount = the rest (tax excluded). Quantity × UnitPrice must equal Amount in
 * whole NT$: when the tax-excluded amount does not divide by the quantity, the line is sent as
 * quantity 1 with the count in the description.
 */
export function allowanceLine(description: string, quantity: number, gross: number): AllowanceItem {
  const { salesAmount: amount, taxAmount: tax } = companyTaxSplit(gross);
  const q = Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 1;
  if (q > 1 && amount % q === 0) return { description, quantity: q, unitPrice: amount / q, amount, tax };
  const label = q > 1 ? `${description} ×${q}` : description;
  return { description: label.slice(0, 256), quantity: 1, unitPrice: amount, amount, tax };
}

/** Checks an allowance before anything is sent; throws InvoiceValidationError naming the field. */
export function validateAllowance(a: AllowanceRequest): void {
  if (typeof a.allowanceNumber !== 'string' || !ALLOWANCE_NUMBER.test(a.allowanceNumber)) fail('allowanceNumber', 'allowance number must be 1–16 letters, digits or -');
  if (!/^\d{8}$/.test(a.allowanceDate ?? '')) fail('allowanceDate', 'allowance date must be YYYYMMDD');
  if (!INVOICE_NUMBER.test(a.invoiceNumber ?? '')) fail('invoiceNumber', 'invoice number must be 2 capital letters and 8 digits');
  if (!/^\d{8}$/.test(a.invoiceDate ?? '')) fail('invoiceDate', 'invoice date must be YYYYMMDD');
  if (a.buyerIdentifier !== CONSUMER_BUYER_ID && !/^\d{8}$/.test(a.buyerIdentifier ?? '')) fail('buyerIdentifier', 'buyer id must be 0000000000 or an 8-digit tax id');
  if (typeof a.buyerName !== 'string' || a.buyerName.trim() === '') fail('buyerName', 'buyer name is empty');
  if (!Array.isArray(a.items) || a.items.length === 0) fail('items', 'an allowance needs at least one item');
  let total = 0;
  a.items.forEach((it, i) => {
    if (typeof it.description !== 'string' || it.description.trim() === '' || it.description.length > 256) fail(`items[${i}].description`, 'item description must be 1–256 characters');
    if (!Number.isSafeInteger(it.quantity) || it.quantity <= 0) fail(`items[${i}].quantity`, 'item quantity must be a positive integer');
    if (!Number.isSafeInteger(it.unitPrice) || it.unitPrice < 0) fail(`items[${i}].unitPrice`, 'item unit price must be a whole NT$ ≥ 0');
    if (!Number.isSafeInteger(it.amount) || it.amount !== it.quantity * it.unitPrice) fail(`items[${i}].amount`, 'item amount must equal quantity × unit price');
    if (!Number.isSafeInteger(it.tax) || it.tax < 0) fail(`items[${i}].tax`, 'item tax must be a whole NT$ ≥ 0');
    total += it.amount + it.tax;
  });
  if (total <= 0) fail('items', 'an allowance must be for more than NT$ 0');
}

/** The g0401 item as Amego names it. */
export interface AmegoG0401Item {
  OriginalInvoiceNumber: string;
  OriginalInvoiceDate: number;
  OriginalDescription: string;
  Quantity: number;
  UnitPrice: number;
  Amount: number;
  Tax: number;
  TaxType: number;
}

/** The g0401 `data` entry (the call sends an array of one). */
export interface AmegoG0401Data {
  AllowanceNumber: string;
  AllowanceDate: string;
  AllowanceType: number;
  BuyerIdentifier: string;
  BuyerName: string;
  BuyerEmailAddress: string;
  ProductItem: AmegoG0401Item[];
  TaxAmount: number;
  TotalAmount: number;
}

/** Maps a validated allowance to g0401 data: `[{ … }]`, TotalAmount = Σ Amount (tax excluded), TaxAmount = Σ Tax. */
export function toG0401Data(a: AllowanceRequest): AmegoG0401Data[] {
  const items = a.items.map((it) => ({
    OriginalInvoiceNumber: a.invoiceNumber,
    OriginalInvoiceDate: Number(a.invoiceDate),
    OriginalDescription: it.description,
    Quantity: it.quantity,
    UnitPrice: it.unitPrice,
    Amount: it.amount,
    Tax: it.tax,
    TaxType: 1,
  }));
  return [
    {
      AllowanceNumber: a.allowanceNumber,
      AllowanceDate: a.allowanceDate,
      AllowanceType: 2,
      BuyerIdentifier: a.buyerIdentifier,
      BuyerName: a.buyerName.trim(),
      BuyerEmailAddress: a.buyerEmail,
      ProductItem: items,
      TaxAmount: items.reduce((s, it) => s + it.Tax, 0),
      TotalAmount: items.reduce((s, it) => s + it.Amount, 0),
    },
  ];
}
