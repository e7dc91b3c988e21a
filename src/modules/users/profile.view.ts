import { Address } from './entities/address.entity';
import { UserConfig } from './entities/user-config.entity';
import { User } from './entities/user.entity';
import type { AddressView, ProfileView, UserConfigView } from '../../common/api/account';

// The view shapes are declared once in src/common/api/account.ts (shared with the client as `@api/account`).
export type { AddressView, ProfileView, UserConfigView };

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
    has_password: u.password_hash !== null && u.password_hash !== '',
    addresses: sortAddresses(addresses.map(toAddressView), order),
    config: toConfigView(config),
  };
}
