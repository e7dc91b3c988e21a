import { App } from 'antd';
import { Outlet } from 'react-router';
import { AntdScope } from '../app/AntdScope';
import './admin.css';

/**
 * The root of /admin (lazy: shopper routes never load it): antd's zh_TW locale and theme, and
 * antd's App for toasts and confirmations in that theme. The login page and the guarded layout
 * (layout/AdminLayout.tsx) hang below it.
 */
export default function AdminApp() {
  return (
    <AntdScope>
      <App className="ss-admin-app" message={{ maxCount: 3, top: 72 }}>
        <Outlet />
      </App>
    </AntdScope>
  );
}
