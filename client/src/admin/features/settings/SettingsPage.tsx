import { AdminPage } from '../../layout/AdminPage';

/** Placeholder until the screen lands (issue 12). */
export default function SettingsPage() {
  return <AdminPage title="網站設定">建置中</AdminPage>;
}
