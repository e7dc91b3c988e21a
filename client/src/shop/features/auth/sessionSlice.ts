import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserProfile } from './userTypes';

/**
 * The client's view of the session (spec 3 §3 client store: isLoggedIn, userProfile,
 * redirectPath; kept in localStorage). The server's session is the truth: start-up asks
 * `getuser` and a 401 anywhere logs the client out.
 */
export interface SessionState {
  isLoggedIn: boolean;
  user: UserProfile | null;
  /** Where to go after login / profile completion (set by checkout, orders, …); '' when none. */
  redirectPath: string;
}

export const initialSessionState: SessionState = { isLoggedIn: false, user: null, redirectPath: '' };

/** Default addresses first (spec 3 §3: "addresses sorted with the default first"). */
function withSortedAddresses(user: UserProfile): UserProfile {
  const addresses = [...(user.addresses ?? [])].sort((a, b) => (b.is_default ?? 0) - (a.is_default ?? 0));
  return { ...user, addresses };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Login, registration, social login result, or start-up `getuser`. */
    loggedIn(state, { payload }: PayloadAction<UserProfile>) {
      state.isLoggedIn = true;
      state.user = withSortedAddresses(payload);
    },
    /** Profile, e-mail, phone or address book saved: the server's answer replaces the copy. */
    userUpdated(state, { payload }: PayloadAction<UserProfile>) {
      state.user = withSortedAddresses(payload);
    },
    loggedOut(state) {
      state.isLoggedIn = false;
      state.user = null;
    },
    setRedirectPath(state, { payload }: PayloadAction<string>) {
      state.redirectPath = payload.startsWith('/') && !payload.startsWith('//') ? payload : '';
    },
    clearRedirectPath(state) {
      state.redirectPath = '';
    },
  },
  selectors: {
    selectIsLoggedIn: (s) => s.isLoggedIn,
    selectUser: (s) => s.user,
    selectRedirectPath: (s) => s.redirectPath,
  },
});

export const { loggedIn, userUpdated, loggedOut, setRedirectPath, clearRedirectPath } = sessionSlice.actions;
export const { selectIsLoggedIn, selectUser, selectRedirectPath } = sessionSlice.selectors;

/** The persisted copy, checked field by field (localStorage is user-editable). */
export function restoreSession(stored: unknown): SessionState {
  if (!stored || typeof stored !== 'object') return initialSessionState;
  const s = stored as Partial<SessionState>;
  const user = s.user && typeof s.user === 'object' && Number.isInteger(s.user.user_id) ? s.user : null;
  return {
    isLoggedIn: s.isLoggedIn === true && user !== null,
    user,
    redirectPath: typeof s.redirectPath === 'string' && s.redirectPath.startsWith('/') && !s.redirectPath.startsWith('//') ? s.redirectPath : '',
  };
}
