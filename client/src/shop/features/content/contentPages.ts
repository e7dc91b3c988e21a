/**
 * The html content pages (spec 1 §2, spec 2 §2, spec 3 §2): route, page_type for
 * `loadhtmlpage`, the version key they cache against and, where the shop has one, the
 * image slot for `loadpageimage`. Kept free of React so the router can read it.
 */
export interface ContentPageConfig {
  /** page_type, also the route path. */
  pageType: string;
  title: string;
  versionStr: string;
  /** Small heading above the title. */
  eyebrow: string;
  intro: string;
  group: 'guide' | 'knowledge';
  imageType?: string;
}

export const CONTENT_PAGES: readonly ContentPageConfig[] = [
  {
    pageType: 'productreturns',
    title: '退換貨須知',
    versionStr: 'productreturnsVersion',
    eyebrow: 'RETURNS',
    intro: '收到商品有任何問題，我們都會協助您妥善處理。',
    group: 'guide',
  },
  {
    pageType: 'privacypolicy',
    title: '隱私權政策',
    versionStr: 'privacypolicyVersion',
    eyebrow: 'PRIVACY',
    intro: '我們重視並妥善保護您的每一筆個人資料。',
    group: 'guide',
  },
  {
    pageType: 'termsofservice',
    title: '服務條款',
    versionStr: 'termsofserviceVersion',
    eyebrow: 'TERMS',
    intro: '使用本網站與購物前，請先閱讀以下條款。',
    group: 'guide',
  },
  {
    pageType: 'partnerinquiry',
    title: '合作洽詢',
    versionStr: 'partnerinquiryVersion',
    eyebrow: 'PARTNERSHIP',
    intro: '期待與您一起推廣溫和有效的保養理念。',
    group: 'guide',
  },
  {
    pageType: 'maskCare',
    title: '面膜保養',
    versionStr: 'maskCareVersion',
    eyebrow: 'MASK CARE',
    intro: '掌握敷面膜的小細節，讓每一片都發揮最大效果。',
    group: 'knowledge',
    imageType: 'maskCareImg000',
  },
  {
    pageType: 'skincareTips',
    title: '保養小撇步',
    versionStr: 'skincareTipsVersion',
    eyebrow: 'SKINCARE TIPS',
    intro: '從保養順序到生活作息，給肌膚最剛好的照顧。',
    group: 'knowledge',
    imageType: 'skincareTipsImg000',
  },
];

/** The page config for a path (route matching is case-insensitive, so is this). */
export function contentPageFor(pathname: string): ContentPageConfig | undefined {
  const key = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  return CONTENT_PAGES.find((p) => p.pageType.toLowerCase() === key);
}

/**
 * The html usually opens with the page's own title as a heading; the page already shows it
 * as its h1, so that first heading is dropped. Removing a leading element cannot make the
 * server-sanitized html unsafe.
 */
export function withoutLeadingTitle(html: string, title: string): string {
  const m = /^\s*<h([12])>([^<]*)<\/h\1>\s*/i.exec(html);
  return m && m[2].trim() === title ? html.slice(m[0].length) : html;
}
