import type { CosmeticsFields } from '../../common/api/compliance';
import { COSMETICS_FIELDS } from '../../common/validation/cosmetics-rules';
import type { ProductListItem } from '../catalog/catalog.types';
import type { ActivePoster, FirstBanner } from '../content/content.service';
import type { ProductRatingLd } from '../reviews/review-reads.service';
import { articleLd, breadcrumbLd, organizationLd, productLd, websiteLd } from './seo-jsonld';
import { imagePreloadTag, PageHead, renderHead, RenderedPage } from './seo-head';
import { HOME_CRUMB, PRODUCTS_TITLE, PublicPage } from './seo-routes-table';
import { SiteInfo } from './seo-site';
import { priceTexts } from '../../common/validation/price-format';
import { SITE_BOOT_ID, type SiteBoot } from '../../common/validation/site-boot';
import { absoluteUrl, esc, firstText, jsonForScript, plainText, truncate } from './seo-text';

/**
 * Pure page builders: data in, `<head>` tags and a semantic `#root` fallback out. Every
 * interpolated value goes through `esc` (text and attributes) or `jsonLdScript`; poster
 * content is the allowlist-sanitized HTML from the content module.
 */

/** Featured products shown on the home page fallback. */
const HOME_PRODUCTS = 8;
/** Product cards (with their photo) on the /products fallback; the rest are plain links (the sitemap lists every one). */
const LIST_CARDS = 12;
const LIST_LIMIT = 200;

/**
 * The fallback is the first screen a shopper sees (the app starts once it has painted, see
 * client/build/firstPaint.ts), so it is laid out like the app: `ss-ssr-*` and `seo-fallback`
 * are styled in client/src/app/global.css, which is inlined into index.html. Its images are
 * never smaller than the app's (the hero is full width, a card at least as wide as the app's),
 * so the app replacing it paints nothing larger.
 */
const main = (inner: string) => `<main class="seo-fallback">${inner}</main>`;
const link = (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`;
const title = (page: string | null, site: SiteInfo) => (page ? `${page} | ${site.name}` : site.name);
const description = (...candidates: (string | null | undefined)[]) => truncate(firstText(...candidates));

function base(site: SiteInfo, path: string, page: string | null, desc: string): PageHead {
  return { status: 200, title: title(page, site), description: desc, canonical: `${site.origin}${path}`, siteName: site.name, ogType: 'website', image: site.logo };
}

/** The page's main image (http(s) only, never a data: URI) as a preload hint, or undefined. */
function preload(url: string | undefined, site: SiteInfo): string | undefined {
  return absoluteUrl(url, site.origin) || undefined;
}

type Priced = Pick<ProductListItem, 'discount_price' | 'highest_discount' | 'price' | 'highest_price'>;

/** Selling price as the app prints it (`NT$ 980 ~ 1,280`, src/common/validation/price-format.ts); '' without variants. */
export function priceText(p: Pick<ProductListItem, 'discount_price' | 'highest_discount'>): string {
  if (p.highest_discount <= 0) return '';
  return priceTexts(p.discount_price, p.highest_discount).selling;
}

/**
 * The app's PriceTag (client/src/shared/components/PriceTag.tsx) as HTML: the same classes and
 * texts, the original price struck through when higher, so nothing changes when the app takes
 * over. '' for a product without variants.
 */
export function priceTagHtml(p: Priced, size: 'small' | 'large', extraClass = ''): string {
  if (p.highest_discount <= 0) return '';
  const { selling, original } = priceTexts(p.discount_price, p.highest_discount, p.price, p.highest_price);
  const del = original ? `<del class="ss-price-original"><span class="ss-visually-hidden">原價 </span>${esc(original)}</del>` : '';
  return `<span class="ss-price-tag ss-price-tag--${size}${extraClass ? ` ${extraClass}` : ''}"><span class="ss-price"><span class="ss-visually-hidden">售價 </span>${esc(selling)}</span>${del}</span>`;
}

function productLinks(list: readonly ProductListItem[]): string {
  const items = list.map((p) => {
    const price = priceText(p);
    return `<li>${link(`/product/${p.product_id}`, p.title)}${price ? ` <span>${esc(price)}</span>` : ''}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

/** Product cards like the app's grid: photo (the first `eager` load at once), title, price. */
function productCards(list: readonly ProductListItem[], site: SiteInfo, eager: number): string {
  const items = list.map((p, i) => {
    const image = absoluteUrl(p.image_url, site.origin);
    const price = priceTagHtml(p, 'small', 'ss-ssr-card-price');
    const img = image
      ? `<img src="${esc(image)}" alt="${esc(p.title)}" width="400" height="400" loading="${i < eager ? 'eager' : 'lazy'}" decoding="async" />`
      : '';
    return `<li><a href="/product/${p.product_id}">${img}<span class="ss-ssr-card-title">${esc(p.title)}</span></a>${price}${p.stock > 0 ? '' : ' <span>已售完</span>'}</li>`;
  });
  return `<ul class="ss-ssr-grid">${items.join('')}</ul>`;
}

export function homePage(site: SiteInfo, products: readonly ProductListItem[]): RenderedPage {
  const head = { ...base(site, '/', null, site.description), jsonLd: [organizationLd(site), websiteLd(site)] };
  const nav = [link('/products', PRODUCTS_TITLE), link('/about', '關於我們'), link('/contact', '聯絡我們')].join(' · ');
  const featured = products.length ? `<h2>精選商品</h2>${productCards(products.slice(0, HOME_PRODUCTS), site, 0)}` : '';
  return renderHead(head, main(`<h1>${esc(site.name)}</h1><p>${esc(site.description)}</p><nav>${nav}</nav>${featured}`));
}

/**
 * The company name for the app's first render (src/common/validation/site-boot.ts), as a JSON data
 * block first in the head's tags. Added outside the page caches, like the banner, from the
 * settings' own cache: a renamed shop shows its new name on the next page load.
 */
export function withSiteBoot(page: RenderedPage, site: SiteInfo): RenderedPage {
  const boot: SiteBoot = { companyName: site.name, companyShortName: site.brand };
  const tag = `<script type="application/json" id="${SITE_BOOT_ID}">${jsonForScript(boot)}</script>`;
  return { ...page, headTags: `${tag}\n    ${page.headTags}` };
}

/** The home carousel's `<source media>` breakpoint (HeroCarousel.tsx): phones get the phone crop. */
const PHONE_MEDIA = '(max-width: 768px)';
const WIDE_MEDIA = '(min-width: 769px)';

/** The first banner as the carousel shows it: `<picture>` (phone crop ≤ 768 px), full width, linked. */
function heroHtml(banner: FirstBanner, desktop: string, phone: string): string {
  const alt = banner.description ? `${banner.ctitle}：${banner.description}` : banner.ctitle;
  const source = phone ? `<source media="${PHONE_MEDIA}" srcset="${esc(phone)}" width="853" height="1280" />` : '';
  const picture = `<picture>${source}<img src="${esc(desktop || phone)}" alt="${esc(alt)}" width="1920" height="450" fetchpriority="high" decoding="async" /></picture>`;
  const url = banner.link_url;
  const external = /^https?:/i.test(url);
  const linked = url
    ? `<a href="${esc(url)}"${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${picture}</a>`
    : picture;
  return `<div class="ss-ssr-hero${phone ? ' has-phone' : ''}">${linked}</div>`;
}

/**
 * The home page with its first banner: preloaded from the head (its largest first-screen
 * image) and drawn above the fallback, the phone crop on phones and the desktop image
 * elsewhere, as the carousel's `<picture>` chooses. Added outside the page cache, so a
 * banner change shows at once.
 */
export function withBanner(page: RenderedPage, banner: FirstBanner | null, origin: string): RenderedPage {
  if (!banner) return page;
  const desktop = absoluteUrl(banner.image_url, origin);
  const phone = absoluteUrl(banner.phone_url, origin);
  if (!desktop && !phone) return page;
  const tags = phone ? [imagePreloadTag(phone, PHONE_MEDIA), ...(desktop ? [imagePreloadTag(desktop, WIDE_MEDIA)] : [])] : [imagePreloadTag(desktop)];
  return { ...page, headTags: `${tags.join('\n    ')}\n    ${page.headTags}`, body: `${heroHtml(banner, desktop, phone)}${page.body}` };
}

export function productsPage(site: SiteInfo, products: readonly ProductListItem[]): RenderedPage {
  const desc = truncate(`${site.name}全部商品一覽：${products.slice(0, 6).map((p) => p.title).join('、')}。線上選購，全台配送。`);
  const crumbs = breadcrumbLd([
    { name: HOME_CRUMB, url: `${site.origin}/` },
    { name: PRODUCTS_TITLE, url: `${site.origin}/products` },
  ]);
  const head = { ...base(site, '/products', PRODUCTS_TITLE, desc), jsonLd: [crumbs], preloadImage: preload(products[0]?.image_url, site) };
  const more = products.slice(LIST_CARDS, LIST_LIMIT);
  const body = `<h1>${PRODUCTS_TITLE}</h1>${productCards(products.slice(0, LIST_CARDS), site, 4)}${more.length ? `<h2>更多商品</h2>${productLinks(more)}` : ''}`;
  return renderHead(head, main(body));
}

export function productPage(site: SiteInfo, p: ProductListItem, seoDescription: string, rating?: ProductRatingLd | null, cosmetics?: CosmeticsFields | null): RenderedPage {
  const path = `/product/${p.product_id}`;
  const url = `${site.origin}${path}`;
  const image = absoluteUrl(p.image_url, site.origin);
  const desc = description(seoDescription, p.description, site.description);
  const crumbs = [
    { name: HOME_CRUMB, url: `${site.origin}/` },
    { name: PRODUCTS_TITLE, url: `${site.origin}/products` },
    { name: p.title, url },
  ];
  const price = priceTagHtml(p, 'large');
  const head: PageHead = {
    ...base(site, path, p.title, desc),
    ogType: 'product',
    image: image || site.logo,
    extraOg: p.highest_discount > 0 ? [['product:price:amount', String(p.discount_price)], ['product:price:currency', 'TWD']] : [],
    jsonLd: [productLd(p, site, url, image, desc, rating, cosmetics), breadcrumbLd(crumbs)],
    preloadImage: preload(p.image_url, site),
  };
  const body = [
    `<nav aria-label="breadcrumb">${link('/', HOME_CRUMB)} › ${link('/products', PRODUCTS_TITLE)} › <span>${esc(p.title)}</span></nav>`,
    `<h1>${esc(p.title)}</h1>`,
    image ? `<img class="ss-ssr-photo" src="${esc(image)}" alt="${esc(p.title)}" width="480" height="480" fetchpriority="high" decoding="async" />` : '',
    p.description ? `<p>${esc(p.description)}</p>` : '',
    price ? `<p>${price}${p.unit ? ` / ${esc(p.unit)}` : ''}</p>` : '',
    `<p>${p.stock > 0 ? '現貨供應' : '已售完'}</p>`,
    cosmetics ? labelList(cosmetics) : '',
  ];
  return renderHead(head, main(body.join('')));
}

/** The short label fields given (化粧品產品登錄編號, 容量, 保存期限, 產地, 製造或輸入業者) as the 規格 list of the first screen. */
function labelList(c: CosmeticsFields): string {
  const rows = COSMETICS_FIELDS.filter((f) => !f.multiline && c[f.key].trim() !== '').map((f) => `<dt>${esc(f.label)}</dt><dd>${esc(c[f.key].trim())}</dd>`);
  return rows.length ? `<h2>規格</h2><dl>${rows.join('')}</dl>` : '';
}

export function posterPage(site: SiteInfo, p: ActivePoster): RenderedPage {
  const path = `/posters/${p.id}`;
  const url = `${site.origin}${path}`;
  const image = absoluteUrl(p.coverImage, site.origin);
  const desc = description(p.seo_description, plainText(p.content), site.description);
  const head: PageHead = {
    ...base(site, path, p.title, desc),
    ogType: 'article',
    image: image || site.logo,
    extraOg: [['article:published_time', p.created_at], ['article:modified_time', p.updated_at]],
    jsonLd: [articleLd(p, site, url, image, desc)],
  };
  const cover = image ? `<img class="ss-ssr-photo" src="${esc(image)}" alt="${esc(p.title)}" width="800" height="600" decoding="async" />` : '';
  return renderHead(head, main(`<article><h1>${esc(p.title)}</h1>${cover}<div>${p.content}</div></article>`));
}

export function staticPage(site: SiteInfo, page: PublicPage): RenderedPage {
  const desc = page.description.replace(/\{name\}/g, site.name);
  return renderHead(base(site, page.path, page.title, desc), main(`<h1>${esc(page.title)}</h1>`));
}

/** Cart, checkout, account and staff pages: a title and `noindex`, nothing to crawl. */
export function privatePage(site: SiteInfo, page: string): RenderedPage {
  return renderHead({ status: 200, title: title(page, site), description: site.description, robots: 'noindex', siteName: site.name });
}

/** A path the SPA answers with its not-found page: status 404 and `noindex`. */
export function notFoundPage(site: SiteInfo, page: string): RenderedPage {
  return renderHead({ status: 404, title: title(page, site), description: site.description, robots: 'noindex', siteName: site.name });
}
