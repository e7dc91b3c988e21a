import { createHash } from 'node:crypto';
import { isCitizenBarcode, isEmailAddress, isMobileBarcodeCarrier, isTaxId } from '../../common/validation/taiwan';
import { InvoiceItem, InvoiceRequest, InvoiceValidationError } from './invoice-gateway';

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
