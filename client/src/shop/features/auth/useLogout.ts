import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from './sessionApi';

/** Logout from the member menu (spec 1 §2): ends the session, then /login (even when the server could not be reached). */
export function useLogout(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // sessionApi already forgot the member locally
    }
    await navigate('/login');
  }, [logout, navigate]);
}
