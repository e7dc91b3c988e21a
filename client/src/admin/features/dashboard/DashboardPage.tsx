import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the screen lands (issue 12). */
export default function DashboardPage() {
  return <AdminPage title="總覽">建置中</AdminPage>;
}
