import type { CosmeticsFields } from '../../common/api/compliance';
import { COSMETICS_FIELDS } from '../../common/validation/cosmetics-rules';
import type { ProductListItem } from '../catalog/catalog.types';
import type { ActivePoster } from '../content/content.service';
import type { ProductRatingLd } from '../reviews/review-reads.service';
import { internationalPhone, postalAddress, SiteInfo } from './seo-site';
import { truncate } from './seo-text';

/** schema.org structured data for the pages rendered on the server. */

const CONTEXT = 'https://schema.org';

export function organizationLd(site: SiteInfo): object {
  const contact = site.phone || site.email
    ? {
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'customer service',
          ...(site.phone ? { telephone: internationalPhone(site.phone) } : {}),
          ...(site.email ? { email: site.email } : {}),
          areaServed: 'TW',
          availableLanguage: 'zh-TW',
        },
      }
    : {};
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: site.name,
    url: `${site.origin}/`,
    logo: site.logo,
    ...contact,
    ...(site.sameAs.length ? { sameAs: site.sameAs } : {}),
    ...(site.address ? { address: { '@type': 'PostalAddress', ...postalAddress(site.address), addressCountry: 'TW' } } : {}),
  };
}

export function websiteLd(site: SiteInfo): object {
  return { '@context': CONTEXT, '@type': 'WebSite', name: site.name, url: `${site.origin}/`, inLanguage: 'zh-TW' };
}

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/**
 * A product with its offer: the selling (discount) price, as one Offer when every variant
 * costs the same, else an AggregateOffer from the lowest to the highest; availability
 * from the stock of its variants. A product without variants has no offer.
 */
export function productLd(
  p: ProductListItem,
  site: SiteInfo,
  url: string,
  image: string,
  description: string,
  rating?: ProductRatingLd | null,
  cosmetics?: CosmeticsFields | null,
): object {
  const availability = p.stock > 0 ? IN_STOCK : OUT_OF_STOCK;
  const low = p.discount_price;
  const high = p.highest_discount;
  const common = { priceCurrency: 'TWD', availability, url, itemCondition: 'https://schema.org/NewCondition' };
  const offers =
    high <= 0
      ? undefined
      : low === high
        ? { '@type': 'Offer', price: low, ...common }
        : { '@type': 'AggregateOffer', lowPrice: low, highPrice: high, ...common };
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: p.title,
    description,
    sku: String(p.product_id),
    url,
    ...(image ? { image: [image] } : {}),
    brand: { '@type': 'Brand', name: site.brand },
    ...(p.type_name ? { category: p.type_name } : {}),
    ...(offers ? { offers } : {}),
    ...(rating && rating.count > 0 ? ratingLd(rating) : {}),
    ...(cosmetics ? cosmeticsLd(cosmetics) : {}),
  };
}

/** Longest text of one label field in the structured data (全成分 may be long). */
const LABEL_TEXT_MAX = 1000;

/**
 * The cosmetics law's label fields (issue 22 §5) as schema.org Product properties, only the given
 * ones: each as an `additionalProperty` PropertyValue named by its label (化粧品產品登錄編號, 容量,
 * 全成分, 使用方法, 注意事項, 保存期限, 產地, 製造或輸入業者), plus `countryOfOrigin` (產地) and
 * `manufacturer` (製造或輸入業者).
 */
export function cosmeticsLd(c: CosmeticsFields): { additionalProperty?: object[]; countryOfOrigin?: object; manufacturer?: object } {
  const props = COSMETICS_FIELDS.filter((f) => c[f.key].trim() !== '').map((f) => ({
    '@type': 'PropertyValue',
    name: f.label,
    value: truncate(c[f.key].trim(), LABEL_TEXT_MAX),
  }));
  return {
    ...(props.length ? { additionalProperty: props } : {}),
    ...(c.origin.trim() ? { countryOfOrigin: { '@type': 'Country', name: c.origin.trim() } } : {}),
    ...(c.maker.trim() ? { manufacturer: { '@type': 'Organization', name: c.maker.trim() } } : {}),
  };
}

/**
 * The shown reviews of a product (issue 21 §4): an AggregateRating (average to one decimal, the
 * count) and a few Review items (masked author, stars, date, text cut to 500 characters). Only
 * reviews shown on the page itself, as Google's review-snippet rules ask.
 */
export function ratingLd(r: ProductRatingLd): { aggregateRating: object; review?: object[] } {
  const scale = { bestRating: 5, worstRating: 1 };
  const review = r.reviews.map((x) => ({
    '@type': 'Review',
    reviewRating: { '@type': 'Rating', ratingValue: x.rating, ...scale },
    author: { '@type': 'Person', name: x.display_name },
    datePublished: x.created_at.slice(0, 10),
    reviewBody: truncate(x.content, 500),
  }));
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: r.average, reviewCount: r.count, ...scale },
    ...(review.length ? { review } : {}),
  };
}

export function breadcrumbLd(items: readonly { name: string; url: string }[]): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.url })),
  };
}

export function articleLd(p: ActivePoster, site: SiteInfo, url: string, image: string, description: string): object {
  const org = { '@type': 'Organization', name: site.name, url: `${site.origin}/` };
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: truncate(p.title, 110),
    description,
    ...(image ? { image: [image] } : {}),
    datePublished: p.created_at,
    dateModified: p.updated_at,
    author: org,
    publisher: { ...org, logo: { '@type': 'ImageObject', url: site.logo } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    inLanguage: 'zh-TW',
  };
}
