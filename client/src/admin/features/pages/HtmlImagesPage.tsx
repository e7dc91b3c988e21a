import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the screen lands (issue 12). */
export default function HtmlImagesPage() {
  return <AdminPage title="內容圖片">建置中</AdminPage>;
}
