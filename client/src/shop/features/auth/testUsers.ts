import type { UserProfile } from './userTypes';

/** A member as getuser answers it, before the profile is filled in (test data for the client tests). */
export function member(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    user_id: 7,
    account: '0912345678',
    facebook_id: null,
    google_id: null,
    line_user_id: null,
    email: null,
    phone: '0912345678',
    username: '',
    gender: '',
    birthday: null,
    has_password: true,
    addresses: [],
    config: {
      default_shipping: 4,
      selectedHomeAddrIndex: 0,
      selectedCvsAddrIndex: 0,
      default_mobile_barcode: '',
      default_citizen_barcode: '',
      default_company_name: '',
      default_tax_id: '',
    },
    ...overrides,
  };
}

export const completeMember = (overrides: Partial<UserProfile> = {}) =>
  member({ username: '王小明', birthday: '1990-05-01', email: 'ming@example.com', ...overrides });
