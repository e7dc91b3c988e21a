/** The member as `GET /api/login/getuser` answers it (spec 2 §3; server: src/modules/users/profile.view.ts). */
export interface Address {
  id?: number;
  user_id?: number;
  /** home | seven | family | hilife */
  shipping_type: string;
  city: string;
  district: string;
  zip: string;
  street: string;
  store_id: string;
  store_name: string;
  store_addr: string;
  /** 0 or 1 */
  is_default: number;
}

export interface UserConfig {
  default_shipping: number;
  selectedHomeAddrIndex: number;
  selectedCvsAddrIndex: number;
  default_mobile_barcode: string;
  default_citizen_barcode: string;
  default_company_name: string;
  default_tax_id: string;
}

export interface UserProfile {
  user_id: number;
  /** The phone the member registered with; null for social-only members (then no password to change). */
  account: string | null;
  facebook_id: string | null;
  google_id: string | null;
  line_user_id: string | null;
  email: string | null;
  phone: string | null;
  username: string;
  /** male | female | '' (undisclosed) */
  gender: string;
  /** YYYY-MM-DD */
  birthday: string | null;
  addresses: Address[];
  config: UserConfig;
}
