import type { PosterTitle } from '../../app/site/siteSlice';
import { CONTENT_PAGES } from '../features/content/contentPages';

/** Navbar entries (spec 1 §2). */
export const MAIN_LINKS = [
  { to: '/', label: '首頁', end: true },
  { to: '/about', label: '關於我們', end: false },
  { to: '/products', label: '全部商品', end: false },
  { to: '/contact', label: '聯絡我們', end: false },
] as const;

export const KNOWLEDGE_LABEL = '保養知識';

/** The skincare-knowledge dropdown: poster pages, then mask care and skincare tips. */
export function knowledgeLinks(posters: readonly PosterTitle[]): { to: string; label: string }[] {
  return [
    ...posters.map((p) => ({ to: `/posters/${p.id}`, label: p.title })),
    ...CONTENT_PAGES.filter((p) => p.group === 'knowledge').map((p) => ({ to: `/${p.pageType}`, label: p.title })),
  ];
}

/** The member menu of a visitor (spec 1 §2). */
export const MEMBER_LINKS = [
  { to: '/login', label: '登入' },
  { to: '/register', label: '註冊' },
] as const;

export const LOGOUT_LABEL = '登出';

/** The member menu of a logged-in member (spec 1 §2, spec 4 §2): change password only for members with an account (a password login). */
export function memberLinks(user: { account: string | null } | null): { to: string; label: string }[] {
  return [
    { to: '/profile', label: '修改個人資料' },
    ...(user?.account ? [{ to: '/cpassword', label: '修改密碼' }] : []),
    { to: '/orders', label: '我的訂單' },
    { to: '/points', label: '我的購物金' },
    { to: '/wishlist', label: '我的收藏' },
    { to: '/reviews', label: '我的評價' },
  ];
}

/** Admin and editor screens have their own chrome: no shop navbar or footer (spec 3 §2). */
export function isChromeless(pathname: string): boolean {
  return /^\/(admin|editor)(\/|$)/i.test(pathname);
}
