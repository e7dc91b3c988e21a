import { resolveRoute } from './seo-routes-table';
import { internationalPhone, postalAddress, resolveOrigin, siteInfo } from './seo-site';
import { absoluteUrl, esc, jsonLdScript, plainText, truncate } from './seo-text';

describe('seo text helpers', () => {
  it('escapes text and attribute values', () => {
    expect(esc(`<a href="x" title='y'>&`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;');
  });

  it('writes JSON-LD that no value can break out of, and that parses back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script>', note: 'a & b > c\u2028' };
    const html = jsonLdScript(data);
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    const inner = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(inner).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(inner)).toEqual(data);
  });

  it('turns sanitized HTML into one line of text', () => {
    expect(plainText('<h2>標題</h2>\n<p>A &amp; B&nbsp;&#x4e2d;&#25991; <b>粗</b></p><style>p{}</style>')).toBe('標題 A & B 中文 粗');
  });

  it('cuts by characters, not UTF-16 units, with an ellipsis', () => {
    expect(truncate('短句', 160)).toBe('短句');
    expect(truncate('一二三四五六', 4)).toBe('一二三…');
    expect(Array.from(truncate('😀'.repeat(10), 5))).toHaveLength(5);
  });

  it('makes stored image URLs absolute and drops unsafe or data: URLs', () => {
    const o = 'https://shop.example.com';
    expect(absoluteUrl('/media/a.webp', o)).toBe(`${o}/media/a.webp`);
    expect(absoluteUrl('media/a.webp', o)).toBe(`${o}/media/a.webp`);
    expect(absoluteUrl('https://cdn.example.com/a.png', o)).toBe('https://cdn.example.com/a.png');
    expect(absoluteUrl('javascript:alert(1)', o)).toBe('');
    expect(absoluteUrl('//evil.example/a.png', o)).toBe('');
    expect(absoluteUrl('data:image/png;base64,AAAA', o)).toBe('');
  });
});

describe('seo site and origin', () => {
  it('prefers PUBLIC_URL, else the request origin with a well-formed Host', () => {
    expect(resolveOrigin('https://shop.example.com', 'http', 'evil.example')).toBe('https://shop.example.com');
    expect(resolveOrigin(undefined, 'https', 'Shop.Example.com:8443')).toBe('https://shop.example.com:8443');
    expect(resolveOrigin(undefined, 'http', 'x"><script>')).toBe('http://localhost');
    expect(resolveOrigin(undefined, 'gopher', undefined)).toBe('http://localhost');
  });

  it('reads the company from the public settings', () => {
    const site = siteInfo(
      [
        { s_key: 'COMPANY_NAME', s_value: '肌研舍股份有限公司' },
        { s_key: 'COMPANY_NAMEN', s_value: '' },
        { s_key: 'SOCIAL_LINE_URL', s_value: 'https://line.me/R/ti/p/@x' },
        { s_key: 'SOCIAL_FACEBOOK_URL', s_value: 'javascript:alert(1)' },
        { s_key: 'SOCIAL_INSTAGRAM_URL', s_value: '' },
      ],
      'https://s.example',
    );
    expect(site).toMatchObject({ name: '肌研舍股份有限公司', brand: '肌研舍股份有限公司', sameAs: ['https://line.me/R/ti/p/@x'], logo: 'https://s.example/favicon.svg' });
    expect(siteInfo([], 'https://s.example').name).toBe('肌膚小舖');
  });

  it('formats Taiwan phone numbers and addresses for schema.org', () => {
    expect(internationalPhone('02-2708-5168')).toBe('+886-2-2708-5168');
    expect(internationalPhone('0912-345-678')).toBe('+886-912-345-678');
    expect(internationalPhone('+886 2 1234')).toBe('+886 2 1234');
    expect(postalAddress('106 臺北市大安區敦化南路二段 76 號 8 樓')).toEqual({ postalCode: '106', streetAddress: '臺北市大安區敦化南路二段 76 號 8 樓' });
    expect(postalAddress('臺北市')).toEqual({ streetAddress: '臺北市' });
  });
});

describe('resolveRoute', () => {
  it.each([
    ['/', { kind: 'home' }],
    ['/products/', { kind: 'products' }],
    ['/Products', { kind: 'products' }],
    ['/product/12', { kind: 'product', id: 12 }],
    ['/product/12abc', { kind: 'product', id: null }],
    ['/product/0', { kind: 'product', id: null }],
    ['/product/99999999999', { kind: 'product', id: null }],
    ['/posters/3', { kind: 'poster', id: 3 }],
    ['/admin/orders', { kind: 'private', title: '管理後台' }],
    ['/checkoutCvsResult', { kind: 'private', title: '超商門市選擇結果' }],
    ['/cartoon', { kind: 'unknown' }],
    ['/product', { kind: 'unknown' }],
  ])('%s', (path, route) => {
    expect(resolveRoute(path)).toEqual(route);
  });

  it('finds content pages in their canonical spelling', () => {
    expect(resolveRoute('/maskcare')).toMatchObject({ kind: 'page', page: { path: '/maskCare' } });
  });
});
