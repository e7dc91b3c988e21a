import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the screen lands (issue 12). */
export default function HomeContentPage() {
  return <AdminPage title="首頁內容">建置中</AdminPage>;
}
