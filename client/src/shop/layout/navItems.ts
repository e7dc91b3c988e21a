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

export const MEMBER_LINKS = [
  { to: '/login', label: '登入' },
  { to: '/register', label: '註冊' },
] as const;

/** Admin and editor screens have their own chrome: no shop navbar or footer (spec 3 §2). */
export function isChromeless(pathname: string): boolean {
  return /^\/(admin|editor)(\/|$)/i.test(pathname);
}
