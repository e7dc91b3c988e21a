import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the screen lands (issue 12). */
export default function PostersPage() {
  return <AdminPage title="保養知識海報">建置中</AdminPage>;
}
