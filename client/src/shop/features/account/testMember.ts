import type { RootState } from '../../../app/store';
import { member as getuserMember } from '../auth/testUsers';
import type { UserProfile } from '../auth/userTypes';

/** A logged-in member for the account screens' tests: named, with e-mail and phone. */
export function member(extra: Partial<UserProfile> = {}): UserProfile {
  return getuserMember({ email: 'ming@example.com', username: '王小明', ...extra });
}

/** The store's session slice for `user`, logged in. */
export function loggedInAs(user: UserProfile, redirectPath = ''): Partial<RootState> {
  return { session: { isLoggedIn: true, user, redirectPath } };
}
