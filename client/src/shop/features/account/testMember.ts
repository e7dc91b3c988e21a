import type { RootState } from '../../../app/store';
import type { UserProfile } from '../auth/userTypes';

/** A logged-in member for the account screens' tests. */
export function member(extra: Partial<UserProfile> = {}): UserProfile {
  return {
    user_id: 7,
    account: '0912345678',
    facebook_id: null,
    google_id: null,
    line_user_id: null,
    email: 'ming@example.com',
    phone: '0912345678',
    username: '王小明',
    gender: '',
    birthday: null,
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
    ...extra,
  };
}

/** The store's session slice for `user`, logged in. */
export function loggedInAs(user: UserProfile, redirectPath = ''): Partial<RootState> {
  return { session: { isLoggedIn: true, user, redirectPath } };
}
