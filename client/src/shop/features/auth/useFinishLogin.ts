import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { baseApi } from '../../../shared/api/baseApi';
import { refreshCsrfToken } from '../../../shared/api/csrf';
import { afterLoginPath } from './authRules';
import { clearRedirectPath, loggedIn, selectRedirectPath } from './sessionSlice';
import type { UserProfile } from './userTypes';

/**
 * After a login, registration or social login: the session id (and so its CSRF token) changed;
 * store the member and go where spec 1 §4 says (`to` overrides it, as registration → /profile).
 */
export function useFinishLogin() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const redirectPath = useAppSelector(selectRedirectPath);
  return useCallback(
    (user: UserProfile, to?: string) => {
      refreshCsrfToken();
      dispatch(loggedIn(user));
      dispatch(baseApi.util.invalidateTags(['User']));
      const target = to ?? afterLoginPath(user, redirectPath);
      // A saved path is used up here; with `to` (registration → /profile) it stays for the profile screen.
      if (redirectPath && !to) dispatch(clearRedirectPath());
      void navigate(target, { replace: true });
    },
    [dispatch, navigate, redirectPath],
  );
}
