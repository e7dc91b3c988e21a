import type { ProductListItem } from '../catalog/catalog.types';
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
