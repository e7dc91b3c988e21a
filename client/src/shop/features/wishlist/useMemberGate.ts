import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsLoggedIn, setRedirectPath } from '../auth/sessionSlice';

/**
 * For a member-only action on a public page (收藏, 貨到通知我): a visitor (or a member whose session
 * ended) goes to /login and comes back here afterwards. Returns whether the member may go on.
 */
export function useMemberGate(): { isLoggedIn: boolean; toLogin: () => void } {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const toLogin = useCallback(() => {
    dispatch(setRedirectPath(here));
    void navigate('/login');
  }, [dispatch, navigate, here]);
  return { isLoggedIn, toLogin };
}
