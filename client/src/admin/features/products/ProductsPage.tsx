import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the screen lands (issue 12). */
export default function ProductsPage() {
  return <AdminPage title="商品管理">建置中</AdminPage>;
}
