import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the screen lands (issue 12). */
export default function ImagesPage() {
  return <AdminPage title="圖片庫">建置中</AdminPage>;
}
