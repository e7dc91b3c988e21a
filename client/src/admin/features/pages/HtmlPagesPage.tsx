import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the screen lands (issue 12). */
export default function HtmlPagesPage() {
  return <AdminPage title="內容頁面">建置中</AdminPage>;
}
