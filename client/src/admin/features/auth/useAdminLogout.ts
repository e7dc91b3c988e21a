import { useState } from 'react';
import { refreshCsrfToken } from '../../../shared/api/csrf';
import { useAdminLogoutMutation } from '../../api/adminApi';
import { saveCachedAdmin } from './useAdminSession';

/** Where the browser goes after logout (a full load: nothing of the admin's data stays in memory). */
export const AFTER_LOGOUT = '/admin/login';

/** Logs out (POST /api/admin/logout), forgets the cached admin and the token, and reloads at /admin/login. */
export function useAdminLogout(go: (path: string) => void = (p) => window.location.assign(p)) {
  const [logoutCall] = useAdminLogoutMutation();
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = async () => {
    setLoggingOut(true);
    try {
      await logoutCall().unwrap();
    } catch {
      // Already logged out or offline: the session ends with the browser or its idle timeout anyway.
    }
    saveCachedAdmin(null);
    refreshCsrfToken('admin');
    go(AFTER_LOGOUT);
  };
  return { logout: () => void logout(), loggingOut };
}
