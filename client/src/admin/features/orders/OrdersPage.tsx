import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the orders screen lands (helper E2 replaces this file). */
export default function OrdersPage() {
  return (
    <AdminPage title="訂單管理">
      <p>訂單管理畫面建置中。</p>
    </AdminPage>
  );
}
