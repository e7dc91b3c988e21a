import { Navigate } from 'react-router';
import { useAdminSession } from '../features/auth/useAdminSession';
import { landingPath } from './adminNav';

/** /admin: the orders (spec 3 §2), or the first screen this role may use. */
export default function AdminHome() {
  const { role } = useAdminSession();
  return <Navigate to={landingPath(role)} replace />;
}
