import { addressMsg, MSG } from './messages';
import { lookupArea } from './tw-zipcodes';

export const SHIPPING_TYPES = ['home', 'seven', 'family', 'hilife'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];
export const MAX_ADDRESSES = 10;

/** An address row as sent by the client (spec 2 §3); unknown shapes are checked here. */
export interface AddressInput {
  shipping_type?: string;
  city?: string;
  district?: string;
  zip?: string;
  street?: string;
  store_id?: string;
  store_name?: string;
  store_addr?: string;
  is_default?: number | boolean;
}

export interface CleanAddress {
  shipping_type: ShippingType;
  city: string;
  district: string;
  zip: string;
  street: string;
  store_id: string;
  store_name: string;
  store_addr: string;
  is_default: 0 | 1;
  sort_order: number;
}

const LIMITS = { street: 200, store_id: 20, store_name: 100, store_addr: 200 } as const;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Spec 2 §5 address-book rules with the spec's row messages (N from 1). Home rows take city,
 * district and zip from the Taiwan zip table (the client's zip is not trusted); store rows keep
 * only store fields, home rows only home fields. Exactly one default per shipping type.
 */
export function cleanAddresses(rows: AddressInput[]): { ok: true; rows: CleanAddress[] } | { ok: false; message: string } {
  if (rows.length > MAX_ADDRESSES) return { ok: false, message: MSG.addressMax };
  if (rows.length < 1) return { ok: false, message: MSG.addressMin };
  const out: CleanAddress[] = [];
  for (const [i, row] of rows.entries()) {
    const n = i + 1;
    const type = text(row.shipping_type) as ShippingType;
    if (!SHIPPING_TYPES.includes(type)) return { ok: false, message: addressMsg.typeRequired(n) };
    const base = { shipping_type: type, city: '', district: '', zip: '', street: '', store_id: '', store_name: '', store_addr: '' };
    const isDefault: 0 | 1 = row.is_default === true || row.is_default === 1 ? 1 : 0;
    if (type === 'home') {
      const city = text(row.city);
      const district = text(row.district);
      const street = text(row.street);
      if (!city || !district || !street) return { ok: false, message: addressMsg.homeIncomplete(n) };
      if (street.length > LIMITS.street) return { ok: false, message: addressMsg.tooLong(n) };
      const area = lookupArea(city, district);
      if (!area) return { ok: false, message: addressMsg.homeUnknownArea(n) };
      out.push({ ...base, ...area, street, is_default: isDefault, sort_order: i });
    } else {
      const store = { store_id: text(row.store_id), store_name: text(row.store_name), store_addr: text(row.store_addr) };
      if (!store.store_name) return { ok: false, message: addressMsg.storeNameRequired(n) };
      if ((Object.keys(store) as (keyof typeof store)[]).some((k) => store[k].length > LIMITS[k])) {
        return { ok: false, message: addressMsg.tooLong(n) };
      }
      out.push({ ...base, ...store, is_default: isDefault, sort_order: i });
    }
  }
  return { ok: true, rows: oneDefaultPerType(out) };
}

/** The first row marked default of each type stays default; a type with none gets its first row. */
function oneDefaultPerType(rows: CleanAddress[]): CleanAddress[] {
  const chosen = new Map<ShippingType, number>();
  rows.forEach((r, i) => {
    if (r.is_default && !chosen.has(r.shipping_type)) chosen.set(r.shipping_type, i);
  });
  rows.forEach((r, i) => {
    if (!chosen.has(r.shipping_type)) chosen.set(r.shipping_type, i);
  });
  return rows.map((r, i) => ({ ...r, is_default: chosen.get(r.shipping_type) === i ? 1 : 0 }));
}
