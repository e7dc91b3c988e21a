import {
  AuditOutlined,
  DashboardOutlined,
  BellOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  CommentOutlined,
  CrownOutlined,
  FileTextOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuOutlined,
  PictureOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SkinOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Drawer, Grid, Layout, Menu, Result, Spin, Tag } from 'antd';
import type { MenuProps } from 'antd';
import { ADMIN_MSG, ADMIN_ROLE_LABEL } from '@rules/admin';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectCompanyShortName } from '../../app/site/siteSlice';
import { roleAllows, useCheckLoginQuery } from '../api/adminApi';
import { loadCachedAdmin, saveCachedAdmin, useAdminSession } from '../features/auth/useAdminSession';
import { useAdminLogout } from '../features/auth/useAdminLogout';
import { ADMIN_TITLE_LABEL } from './AdminPage';
import { navFor, navItemOf, type AdminNavIcon } from './adminNav';

const ICONS: Record<AdminNavIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  orders: <ShoppingOutlined />,
  users: <TeamOutlined />,
  products: <SkinOutlined />,
  notifications: <BellOutlined />,
  content: <FileTextOutlined />,
  images: <PictureOutlined />,
  home: <HomeOutlined />,
  settings: <SettingOutlined />,
  queues: <ThunderboltOutlined />,
  staff: <SafetyCertificateOutlined />,
  audit: <AuditOutlined />,
  account: <UserOutlined />,
  promotions: <TagsOutlined />,
  tiers: <CrownOutlined />,
  reviews: <CommentOutlined />,
  privacy: <FileProtectOutlined />,
  claims: <FileSearchOutlined />,
};

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { role } = useAdminSession();
  const { pathname } = useLocation();
  const current = navItemOf(pathname)?.path;
  const items: MenuProps['items'] = navFor(role).map((item) => ({
    key: item.path,
    icon: ICONS[item.icon],
    label: item.external ? (
      <a href={item.path}>{item.label}</a>
    ) : (
      <Link to={item.path} onClick={onNavigate}>
        {item.label}
      </Link>
    ),
  }));
  return <Menu mode="inline" selectedKeys={current ? [current] : []} items={items} className="ss-admin-menu" aria-label="管理選單" />;
}

/** Admin name, role and logout (spec 1 §2: the sidebar shows the admin name and a logout link). */
function AdminBadge({ compact }: { compact: boolean }) {
  const { adminname, role } = useAdminSession();
  const { logout, loggingOut } = useAdminLogout();
  return (
    <div className="ss-admin-user" data-testid="admin-user">
      {!compact && (
        <span className="ss-admin-user-name">
          <UserOutlined aria-hidden /> <span data-testid="admin-name">{adminname}</span>
        </span>
      )}
      {!compact && <Tag className="ss-admin-role">{ADMIN_ROLE_LABEL[role]}</Tag>}
      <Button type="text" icon={<LogoutOutlined />} onClick={logout} loading={loggingOut} aria-label="登出">
        {compact ? '' : '登出'}
      </Button>
    </div>
  );
}

/** The logout link at the foot of the phone menu. */
function DrawerLogout() {
  const { logout, loggingOut } = useAdminLogout();
  return (
    <Button type="text" block icon={<LogoutOutlined />} onClick={logout} loading={loggingOut} className="ss-admin-drawer-logout">
      登出
    </Button>
  );
}

/**
 * The back-office shell (spec 3 §2): every screen below it checks the admin session first and
 * sends a visitor to /admin/login (and back afterwards); a screen the role may not use says so.
 * Sidebar on wide screens, a drawer on phones.
 */
export default function AdminLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const { data, isError, refetch } = useCheckLoginQuery();
  const [cached] = useState(loadCachedAdmin);
  const session = useAdminSession();
  const brand = useAppSelector(selectCompanyShortName);
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? true;
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Remember the check (spec 3 §3) so a reload shows the shell at once while it is confirmed.
  useEffect(() => {
    if (!data) return;
    if (data.isLoggedIn && data.role) saveCachedAdmin({ adminname: data.adminname ?? '', role: data.role });
    else if (!data.isLoggedIn) saveCachedAdmin(null);
  }, [data]);

  // Spec 3 §2: every admin screen checks the login first — again on each change of screen
  // (the shell stays on screen meanwhile; an ended session goes to /admin/login).
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    setDrawerOpen(false);
    if (location.pathname !== firstPath.current) {
      firstPath.current = '';
      void refetch();
    }
  }, [location.pathname, refetch]);

  if (data && !data.isLoggedIn) {
    return <Navigate to="/admin/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (!data && isError && !cached) {
    return (
      <Result
        status="error"
        title="無法連線到伺服器"
        subTitle="請確認網路連線後再試一次。"
        extra={
          <Button type="primary" onClick={() => void refetch()}>
            重試
          </Button>
        }
      />
    );
  }
  if (!data && !cached) {
    return (
      <div className="ss-admin-center" role="status">
        <Spin size="large" />
        <span className="ss-visually-hidden">確認登入狀態…</span>
      </div>
    );
  }

  const item = navItemOf(location.pathname);
  if (data?.mustSetupTotp && item?.path !== '/admin/account') {
    return <Navigate to="/admin/account" replace />;
  }
  const allowed = !item || roleAllows(session.role, item.roles);

  return (
    <Layout className="ss-admin-layout">
      <a href="#ss-admin-main" className="ss-skip-link">
        跳到主要內容
      </a>
      {wide && (
        <Layout.Sider width={216} theme="light" className="ss-admin-sider">
          <div className="ss-admin-brand ss-admin-brand--stacked">
            <span>{brand}</span>
            <small>{ADMIN_TITLE_LABEL}</small>
          </div>
          <SideMenu />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="ss-admin-header">
          {!wide && <Button type="text" icon={<MenuOutlined />} aria-label="開啟選單" onClick={() => setDrawerOpen(true)} />}
          {!wide && (
            <span className="ss-admin-brand ss-admin-brand--inline">
              {brand} <small>{ADMIN_TITLE_LABEL}</small>
            </span>
          )}
          <span className="ss-admin-header-spacer" />
          <AdminBadge compact={!wide} />
        </Layout.Header>
        {navigation.state === 'loading' && <div className="ss-route-progress" role="progressbar" aria-label="頁面載入中" />}
        <Layout.Content id="ss-admin-main" tabIndex={-1} className="ss-admin-content">
          {allowed ? <Outlet /> : <Result status="403" title="權限不足" subTitle={ADMIN_MSG.forbidden} data-testid="admin-forbidden" />}
        </Layout.Content>
      </Layout>
      {!wide && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={260}
          title={
            <span>
              {session.adminname} <Tag className="ss-admin-role">{ADMIN_ROLE_LABEL[session.role]}</Tag>
            </span>
          }
          className="ss-admin-drawer"
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
          <DrawerLogout />
        </Drawer>
      )}
    </Layout>
  );
}
