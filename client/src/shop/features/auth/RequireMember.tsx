import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageLoading } from '../../../shared/components/PageLoading';
import { useGetUserQuery } from './sessionApi';
import { selectIsLoggedIn, setRedirectPath } from './sessionSlice';

/**
 * Member-only screens (profile, address book, change password, orders): asks the server who is
 * logged in; when nobody is, remembers where the shopper wanted to go and sends them to /login.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { isLoading, isError } = useGetUserQuery(undefined, { refetchOnMountOrArgChange: 30 });
  const here = location.pathname + location.search;
  const mustLogin = !isLoggedIn && (isError || !isLoading);

  useEffect(() => {
    if (mustLogin) dispatch(setRedirectPath(here));
  }, [mustLogin, here, dispatch]);

  if (isLoggedIn) return <>{children}</>;
  if (isLoading) return <PageLoading />;
  return <Navigate to="/login" replace />;
}
