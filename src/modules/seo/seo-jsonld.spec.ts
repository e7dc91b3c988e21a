import type { ProductListItem } from '../catalog/catalog.types';
import { jsonLdScript } from './seo-text';
import { productLd } from './seo-jsonld';
import { siteInfo } from './seo-site';

const site = siteInfo([{ s_key: 'COMPANY_NAME', s_value: '肌研舍' }], 'https://s.example');
const item = (over: Partial<ProductListItem>): ProductListItem => ({
  product_id: 7, title: '精華', description: '', image_url: '', unit: '瓶', product_type: null, type_name: '',
  price: 1000, discount_price: 800, highest_price: 1500, highest_discount: 1200, stock: 3,
  sold_quantity: 0, sales: 0, views: 0, manager_rank: 0, is_new: 0, is_hot: 0, is_manager: 0, ...over,
});

describe('productLd offers', () => {
  const offers = (p: ProductListItem) => (productLd(p, site, 'https://s.example/product/7', '', 'd') as { offers?: Record<string, unknown> }).offers;

  it('is an AggregateOffer over the selling prices when variants differ', () => {
    expect(offers(item({}))).toMatchObject({ '@type': 'AggregateOffer', lowPrice: 800, highPrice: 1200, priceCurrency: 'TWD', availability: 'https://schema.org/InStock' });
  });

  it('is one Offer when every variant sells at the same price, OutOfStock without stock', () => {
    expect(offers(item({ discount_price: 800, highest_discount: 800, stock: 0 }))).toMatchObject({ '@type': 'Offer', price: 800, availability: 'https://schema.org/OutOfStock' });
  });

  it('is absent for a product without variants (no price)', () => {
    expect(offers(item({ price: 0, discount_price: 0, highest_price: 0, highest_discount: 0, stock: 0 }))).toBeUndefined();
  });
});

describe('productLd reviews (issue 21 §4)', () => {
  const review = (id: number, rating: number, content: string) => ({
    id, product_id: 7, rating, content, photos: [], display_name: '王**', variant_name: '30ml', reply: null, replied_at: null, created_at: '2026-11-20T03:00:00.000Z',
  });
  const ld = (rating: Parameters<typeof productLd>[5]) => productLd(item({}), site, 'https://s.example/product/7', '', 'd', rating) as Record<string, unknown>;

  it('adds an AggregateRating and the Review items when reviews are shown', () => {
    const out = ld({ average: 4.3, count: 12, reviews: [review(1, 5, '很好用'), review(2, 3, '普通')] });
    expect(out.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 12, bestRating: 5, worstRating: 1 });
    expect(out.review).toEqual([
      { '@type': 'Review', reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 }, author: { '@type': 'Person', name: '王**' }, datePublished: '2026-11-20', reviewBody: '很好用' },
      expect.objectContaining({ reviewBody: '普通' }),
    ]);
  });

  it('adds nothing without shown reviews', () => {
    expect(ld(null).aggregateRating).toBeUndefined();
    expect(ld({ average: 0, count: 0, reviews: [] }).review).toBeUndefined();
  });

  it('cannot close the script block from a review text', () => {
    const html = jsonLdScript(ld({ average: 5, count: 1, reviews: [review(1, 5, '</script><script>alert(1)</script> & 好用')] }));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script\\u003e');
  });
});

describe('productLd cosmetics label fields (issue 22 §5)', () => {
  const empty = { registration_no: '', ingredients: '', volume: '', usage: '', warnings: '', shelf_life: '', origin: '', maker: '' };
  const ld = (c: typeof empty | null) => productLd(item({}), site, 'https://s.example/product/7', '', 'd', null, c) as Record<string, unknown>;

  it('only the given fields, as PropertyValue entries named by their labels; 產地 and the maker as countryOfOrigin and manufacturer', () => {
    const out = ld({ ...empty, registration_no: '1130123456', volume: ' 30ml ', origin: '法國', maker: '某某股份有限公司' });
    expect(out.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: '化粧品產品登錄編號', value: '1130123456' },
      { '@type': 'PropertyValue', name: '容量', value: '30ml' },
      { '@type': 'PropertyValue', name: '產地', value: '法國' },
      { '@type': 'PropertyValue', name: '製造或輸入業者', value: '某某股份有限公司' },
    ]);
    expect(out.countryOfOrigin).toEqual({ '@type': 'Country', name: '法國' });
    expect(out.manufacturer).toEqual({ '@type': 'Organization', name: '某某股份有限公司' });
  });

  it('nothing is added when every field is empty or none were given; a long text is cut', () => {
    for (const c of [empty, null]) {
      const out = ld(c);
      for (const k of ['additionalProperty', 'countryOfOrigin', 'manufacturer']) expect(out).not.toHaveProperty(k);
    }
    const long = ld({ ...empty, ingredients: '水'.repeat(1200) }).additionalProperty as Array<{ value: string }>;
    expect([...long[0].value].length).toBeLessThanOrEqual(1000);
  });
});
