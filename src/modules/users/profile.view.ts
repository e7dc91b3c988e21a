import { Address } from './entities/address.entity';
import { UserConfig } from './entities/user-config.entity';
import { User } from './entities/user.entity';

/** An address as the client sees it (spec 2 §3). */
export interface AddressView {
  id: number;
  user_id: number;
  shipping_type: string;
  city: string;
  district: string;
  zip: string;
  street: string;
  store_id: string;
  store_name: string;
  store_addr: string;
  is_default: number;
}

/** Checkout defaults (spec 2 §3 user config), with the spec's field names. */
export interface UserConfigView {
  default_shipping: number;
  selectedHomeAddrIndex: number;
  selectedCvsAddrIndex: number;
  default_mobile_barcode: string;
  default_citizen_barcode: string;
  default_company_name: string;
  default_tax_id: string;
}

/**
 * The member's profile (spec 2 §3). Social ids are shown masked (enough to tell that and which
 * provider is linked; the full subject stays on the server); tokens are never stored.
 */
export interface ProfileView {
  user_id: number;
  account: string | null;
  facebook_id: string | null;
  google_id: string | null;
  line_user_id: string | null;
  email: string | null;
  phone: string | null;
  username: string;
  gender: string;
  birthday: string | null;
  addresses: AddressView[];
  config: UserConfigView;
}

export const DEFAULT_CONFIG: UserConfigView = {
  default_shipping: 4,
  selectedHomeAddrIndex: 0,
  selectedCvsAddrIndex: 0,
  default_mobile_barcode: '',
  default_citizen_barcode: '',
  default_company_name: '',
  default_tax_id: '',
};

/** `1098765432101234567` → `10…4567`. */
export function maskId(id: string | null): string | null {
  if (!id) return null;
  return id.length <= 6 ? '…' + id.slice(-2) : `${id.slice(0, 2)}…${id.slice(-4)}`;
}

export function toAddressView(a: Address): AddressView {
  return {
    id: a.id,
    user_id: a.user_id,
    shipping_type: a.shipping_type,
    city: a.city,
    district: a.district,
    zip: a.zip,
    street: a.street,
    store_id: a.store_id,
    store_name: a.store_name,
    store_addr: a.store_addr,
    is_default: a.is_default ? 1 : 0,
  };
}

/** Default addresses first, then the member's own order. */
export function sortAddresses(list: AddressView[], order: Map<number, number> = new Map()): AddressView[] {
  return [...list].sort((a, b) => b.is_default - a.is_default || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0) || a.id - b.id);
}

export function toConfigView(c: UserConfig | null): UserConfigView {
  if (!c) return { ...DEFAULT_CONFIG };
  return {
    default_shipping: c.default_shipping,
    selectedHomeAddrIndex: c.selected_home_addr_index,
    selectedCvsAddrIndex: c.selected_cvs_addr_index,
    default_mobile_barcode: c.default_mobile_barcode,
    default_citizen_barcode: c.default_citizen_barcode,
    default_company_name: c.default_company_name,
    default_tax_id: c.default_tax_id,
  };
}

export function toProfileView(u: User, addresses: Address[], config: UserConfig | null): ProfileView {
  const order = new Map(addresses.map((a) => [a.id, a.sort_order]));
  return {
    user_id: u.id,
    account: u.account,
    facebook_id: maskId(u.facebook_id),
    google_id: maskId(u.google_id),
    line_user_id: maskId(u.line_user_id),
    email: u.email,
    phone: u.phone,
    username: u.username,
    gender: u.gender,
    birthday: u.birthday,
    addresses: sortAddresses(addresses.map(toAddressView), order),
    config: toConfigView(config),
  };
}
