import { CATALOG_MSG, isCatalogUrl, price, productProblems, wholeNumber } from './admin-catalog';

describe('admin catalogue rules', () => {
  it('accepts http(s) and /media/ URLs only', () => {
    for (const ok of ['https://cdn.example.com/a.webp', 'http://x.tw/a.png', '/media/library/a.webp']) expect(isCatalogUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:image/png;base64,AA', '//evil.example/a.png', '/media/../etc/passwd', '/other/a.png', 'https://', 'https://a.tw/a b.png', '', 3, null])
      expect(isCatalogUrl(bad)).toBe(false);
  });

  it('prices ignore commas; counts are whole numbers ≥ 0', () => {
    expect(price('1,200')).toBe(1200);
    expect(price(0)).toBeNull();
    expect(price('12.5')).toBeNull();
    expect(wholeNumber('0')).toBe(0);
    expect(wholeNumber(-1)).toBeNull();
    expect(wholeNumber(1.5)).toBeNull();
  });

  it('quantity 0 is stock (sold out); discount may equal the original price', () => {
    const problems = productProblems({
      seo_description: '',
      product_type: 1,
      title: 'A',
      description: 'B',
      unit: '瓶',
      image_url: '/media/a.webp',
      product_media: [{ media_url: '/media/a.webp', ordering: 0 }],
      product_variants: [{ variant_name: '30ml', quantity: 0, original_price: '1,000', discount_price: 1000 }],
    });
    expect(problems).toEqual([]);
    expect(productProblems({ product_variants: [{ variant_name: 'x', quantity: 1, original_price: 10, discount_price: 11 }] })).toContainEqual({
      field: 'product_variants.0.discount_price',
      message: CATALOG_MSG.discountAbove,
    });
  });
});
