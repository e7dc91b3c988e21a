import { HOME_MSG, homeProblems, isAdminUrl } from './admin-content';

describe('admin content rules (spec 3 §5)', () => {
  it('takes http(s) URLs with a host and site paths, never scripts, data, protocol-relative hosts or markup', () => {
    for (const ok of ['https://cdn.example.com/a.webp', 'http://x.tw', '/media/library/2026/11/a.webp', '/products', '  /posters/3  ']) expect(isAdminUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', 'https://', '/a b', '/a"onerror=x', '\\\\evil', '', '   ', 7, null, `/${'a'.repeat(500)}`]) {
      expect(isAdminUrl(bad)).toBe(false);
    }
    expect(isAdminUrl('', true)).toBe(true);
    expect(isAdminUrl('javascript:x', true)).toBe(false);
  });

  it('checks a banner in the spec order (the screen shows the last), other sections only their image', () => {
    const banner = { sort_order: -1, link_url: '', description: ' ', ctitle: '', phone_url: 'data:x', image_url: '' };
    expect(homeProblems('banner', banner).map((p) => p.message)).toEqual([
      HOME_MSG.sortOrder,
      HOME_MSG.linkUrl,
      HOME_MSG.description,
      HOME_MSG.ctitle,
      HOME_MSG.phoneUrl,
      HOME_MSG.imageUrl,
    ]);
    expect(homeProblems('banner', { sort_order: 0, link_url: '/products', description: '新品', ctitle: '冬季', phone_url: '/media/p.webp', image_url: '/media/d.webp' })).toEqual([]);
    expect(homeProblems('banner', { sort_order: 1.5, link_url: '/products', description: 'd', ctitle: 't', phone_url: '/m.webp', image_url: '/d.webp' })).toEqual([
      { field: 'sort_order', message: '請輸入有效的排序 (必須是非負數字)' },
    ]);
    expect(homeProblems('testimonial', { review: '' , image_url: 'javascript:x' })).toEqual([{ field: 'image_url', message: '請輸入圖片 URL' }]);
    expect(homeProblems('certificate', { image_url: 'https://cdn.example.com/c.webp' })).toEqual([]);
  });
});
