import { Navigate } from 'react-router';
import { useCheckLoginQuery } from '../api/adminApi';
import { useAdminSession } from '../features/auth/useAdminSession';
import { homePath } from './adminNav';

/**
 * /admin: the dashboard for owners and staff (issue 12), or the first screen this role may use. Waits for the server's
 * check: the cached role of the last admin on this browser may not be the one signed in now.
 */
export default function AdminHome() {
  const { data } = useCheckLoginQuery();
  const { role } = useAdminSession();
  if (!data?.isLoggedIn) return null;
  return <Navigate to={homePath(role)} replace />;
}
