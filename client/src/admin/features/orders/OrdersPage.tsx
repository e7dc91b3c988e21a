import { AdminPage } from '../../layout/AdminPage';
import { OrdersScreen } from './OrdersScreen';

/** /admin/orders (spec 2 §2 "Admin orders"), lazy-loaded by the admin routes. */
export default function OrdersPage() {
  return (
    <AdminPage title="訂單管理">
      <OrdersScreen />
    </AdminPage>
  );
}
