import type { AdminRole } from '@api/admin';
import { roleAllows } from '../api/adminApi';

export type AdminNavIcon = 'dashboard' | 'orders' | 'users' | 'products' | 'notifications' | 'content' | 'images' | 'home' | 'settings' | 'queues' | 'staff' | 'audit' | 'account' | 'promotions' | 'tiers' | 'reviews' | 'privacy' | 'claims';

export interface AdminNavItem {
  /** Under /admin. */
  path: string;
  label: string;
  icon: AdminNavIcon;
  /** Who sees it (the owner always); the server enforces the same on every call. */
  roles: AdminRole[];
  /**
   * A plain link (full page load): /admin/queues is the server's Bull Board when Redis is
   * configured, else the SPA's jobs screen.
   */
  external?: boolean;
  /** A screen not built yet stays out of the sidebar. */
  built: boolean;
}

const CONTENT: AdminRole[] = ['editor'];
const OPERATIONS: AdminRole[] = ['staff'];
const OWNER: AdminRole[] = ['owner'];
const EVERYONE: AdminRole[] = ['owner', 'staff', 'editor'];
/** Spec 4 §6: owners and staff run promotions; editors read them (the screen hides the writes). */
const PROMOTIONS: AdminRole[] = ['staff', 'editor'];
/** Spec 4 §6: owners and staff moderate and answer reviews; editors read them (the screen hides the writes). */
const REVIEWS: AdminRole[] = ['staff', 'editor'];
/** Issue 22 §5: owners and staff edit the claims list; editors, whose texts it checks, read it. */
const CLAIMS: AdminRole[] = ['staff', 'editor'];

/** The sidebar of spec 1 §2 (in its order) plus the screens beyond the spec. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: '/admin/dashboard', label: '營運總覽', icon: 'dashboard', roles: OPERATIONS, built: true },
  { path: '/admin/users', label: '會員管理', icon: 'users', roles: OPERATIONS, built: true },
  { path: '/admin/privacy', label: '個資請求紀錄', icon: 'privacy', roles: OPERATIONS, built: true },
  { path: '/admin/tiers', label: '會員等級', icon: 'tiers', roles: OWNER, built: true },
  { path: '/admin/orders', label: '訂單管理', icon: 'orders', roles: OPERATIONS, built: true },
  { path: '/admin/products', label: '商品管理', icon: 'products', roles: CONTENT, built: true },
  { path: '/admin/promotions', label: '行銷活動', icon: 'promotions', roles: PROMOTIONS, built: true },
  { path: '/admin/reviews', label: '評價管理', icon: 'reviews', roles: REVIEWS, built: true },
  { path: '/admin/notifications', label: '通知設定', icon: 'notifications', roles: OPERATIONS, built: true },
  { path: '/admin/htmlpages', label: '內容頁面', icon: 'content', roles: CONTENT, built: true },
  { path: '/admin/htmlimages', label: '內容圖片', icon: 'images', roles: CONTENT, built: true },
  { path: '/admin/adposters', label: '保養知識海報', icon: 'content', roles: CONTENT, built: true },
  { path: '/admin/homeImages', label: '首頁內容', icon: 'home', roles: CONTENT, built: true },
  { path: '/admin/settings', label: '網站設定', icon: 'settings', roles: CONTENT, built: true },
  { path: '/admin/claims', label: '廣告違規詞語', icon: 'claims', roles: CLAIMS, built: true },
  { path: '/admin/images', label: '圖片庫', icon: 'images', roles: CONTENT, built: true },
  { path: '/admin/queues', label: '任務佇列', icon: 'queues', roles: OPERATIONS, external: true, built: true },
  { path: '/admin/staff', label: '帳號管理', icon: 'staff', roles: OWNER, built: true },
  { path: '/admin/audit', label: '操作紀錄', icon: 'audit', roles: OWNER, built: true },
  { path: '/admin/account', label: '我的帳號', icon: 'account', roles: EVERYONE, built: true },
];

/** The entries this role sees. */
export function navFor(role: AdminRole): AdminNavItem[] {
  return ADMIN_NAV.filter((i) => i.built && roleAllows(role, i.roles));
}

/** The entry a path belongs to (its own path or below it). */
export function navItemOf(pathname: string): AdminNavItem | undefined {
  const p = pathname.replace(/\/+$/, '');
  return ADMIN_NAV.find((i) => p === i.path || p.startsWith(`${i.path}/`));
}

/** Where an admin lands after login: the orders (spec 3 §2), or the first screen the role may use. */
export function landingPath(role: AdminRole): string {
  if (roleAllows(role, OPERATIONS)) return '/admin/orders';
  return navFor(role)[0]?.path ?? '/admin/account';
}

/** /admin itself: the dashboard for owners and staff (issue 12, the back-office home), else the landing screen. */
export function homePath(role: AdminRole): string {
  return roleAllows(role, OPERATIONS) ? '/admin/dashboard' : landingPath(role);
}
