/**
 * The client's routes as the server sees them for search engines (spec 3 §2 route
 * table). Paths match case-insensitively, like react-router; a trailing slash is ignored.
 */

export interface PublicPage {
  /** Canonical spelling. */
  path: string;
  title: string;
  /** Meta description; `{name}` is the company name. */
  description: string;
}

/** Indexable pages with fixed content besides home and products (products are in `products`). */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/about', title: '關於我們', description: '認識{name}：品牌故事、保養理念與專業團隊。' },
  { path: '/contact', title: '聯絡我們', description: '聯絡{name}：客服電話、電子郵件、公司地址與線上留言。' },
  { path: '/productreturns', title: '退換貨須知', description: '{name}退換貨須知：退貨期限、退換貨流程與退款方式說明。' },
  { path: '/privacypolicy', title: '隱私權政策', description: '{name}隱私權政策：個人資料的蒐集、使用與保護方式說明。' },
  { path: '/termsofservice', title: '服務條款', description: '{name}服務條款：會員權利義務、訂購與付款等網站使用規範。' },
  { path: '/partnerinquiry', title: '合作洽詢', description: '與{name}合作：通路經銷、品牌聯名與企業採購洽詢。' },
  { path: '/maskCare', title: '面膜保養', description: '面膜保養知識：挑選與使用面膜的方法，由{name}整理。' },
  { path: '/skincareTips', title: '保養小撇步', description: '保養小撇步：日常肌膚保養的實用技巧，由{name}整理。' },
];

export const PRODUCTS_TITLE = '全部商品';
export const HOME_CRUMB = '首頁';
export const PRODUCT_NOT_FOUND_TITLE = '找不到商品';
export const POSTER_NOT_FOUND_TITLE = '找不到文章';
export const PAGE_NOT_FOUND_TITLE = '找不到頁面';

/**
 * Pages a search engine should neither index nor crawl: staff areas, the cart, checkout
 * and account pages. A prefix also covers its sub-paths (`/admin/orders`, `/orders/12`).
 */
export const PRIVATE_PAGES: readonly { prefix: string; title: string }[] = [
  { prefix: '/admin', title: '管理後台' },
  { prefix: '/editor', title: 'HTML 編輯器' },
  { prefix: '/cart', title: '購物車' },
  { prefix: '/checkout', title: '結帳' },
  { prefix: '/checkoutCvsResult', title: '超商門市選擇結果' },
  { prefix: '/login', title: '會員登入' },
  { prefix: '/register', title: '會員註冊' },
  { prefix: '/fpassword', title: '忘記密碼' },
  { prefix: '/cpassword', title: '變更密碼' },
  { prefix: '/profile', title: '會員資料' },
  { prefix: '/address', title: '收件地址' },
  { prefix: '/orders', title: '我的訂單' },
  { prefix: '/loginres', title: '登入中' },
  { prefix: '/paymentSlip', title: '付款資訊' },
];

/** robots.txt Disallow lines (prefix matches, so `/checkout` also covers `/checkoutCvsResult`). */
export const ROBOTS_DISALLOW: readonly string[] = [
  '/admin',
  '/editor',
  '/cart',
  '/checkout',
  '/login',
  '/register',
  '/fpassword',
  '/cpassword',
  '/profile',
  '/address',
  '/orders',
  '/loginres',
  '/paymentSlip',
  '/api/',
];

export type SeoRoute =
  | { kind: 'home' }
  | { kind: 'products' }
  | { kind: 'product'; id: number | null }
  | { kind: 'poster'; id: number | null }
  | { kind: 'page'; page: PublicPage }
  | { kind: 'private'; title: string }
  | { kind: 'unknown' };

/** A positive database id, or null for anything else (`/product/abc`, `/product/0`, huge numbers). */
function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** What the SPA will show at `rawPath` (the request path, without the query). */
export function resolveRoute(rawPath: string): SeoRoute {
  const path = rawPath.replace(/\/+$/, '') || '/';
  const lower = path.toLowerCase();
  if (lower === '/') return { kind: 'home' };
  if (lower === '/products') return { kind: 'products' };
  const item = /^\/(product|posters)\/([^/]+)$/.exec(lower);
  if (item) return { kind: item[1] === 'product' ? 'product' : 'poster', id: parseId(item[2]) };
  const page = PUBLIC_PAGES.find((p) => p.path.toLowerCase() === lower);
  if (page) return { kind: 'page', page };
  const priv = PRIVATE_PAGES.find((p) => {
    const prefix = p.prefix.toLowerCase();
    return lower === prefix || lower.startsWith(`${prefix}/`);
  });
  if (priv) return { kind: 'private', title: priv.title };
  return { kind: 'unknown' };
}
