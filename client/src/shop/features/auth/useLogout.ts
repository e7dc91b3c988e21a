import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { cartSyncHandle } from '../cart/cartSyncHandle';
import { useLogoutMutation } from './sessionApi';
import { clearRedirectPath } from './sessionSlice';

/**
 * Logout from the member menu (spec 1 §2): to /login, then the session ends (also locally when
 * the server cannot be reached). Leaving first matters: a member-only screen still shown when
 * the session ends would save itself as the place to return to after the next login.
 */
export function useLogout(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    await navigate('/login');
    // A cart change still waiting for the server goes before the session ends (the browser then forgets the cart).
    await cartSyncHandle.flush().catch(() => undefined);
    try {
      await logout().unwrap();
    } catch {
      // sessionApi already forgot the member locally
    }
    dispatch(clearRedirectPath());
  }, [logout, navigate, dispatch]);
}
