import { describe, expect, it } from 'vitest';
import { isChromeless, knowledgeLinks, MAIN_LINKS, memberLinks } from './navItems';

describe('navbar entries', () => {
  it('lists the main links in order', () => {
    expect(MAIN_LINKS.map((l) => l.label)).toEqual(['首頁', '關於我們', '全部商品', '聯絡我們']);
  });

  it('puts poster pages before mask care and skincare tips', () => {
    expect(knowledgeLinks([{ id: 3, title: '換季保養' }, { id: 8, title: '防曬指南' }])).toEqual([
      { to: '/posters/3', label: '換季保養' },
      { to: '/posters/8', label: '防曬指南' },
      { to: '/maskCare', label: '面膜保養' },
      { to: '/skincareTips', label: '保養小撇步' },
    ]);
  });
});

describe('memberLinks', () => {
  it('offers change password only to members with an account', () => {
    expect(memberLinks({ account: '0912345678' }).map((l) => l.to)).toEqual(['/profile', '/cpassword', '/orders', '/points', '/wishlist', '/reviews']);
    expect(memberLinks({ account: null }).map((l) => l.to)).toEqual(['/profile', '/orders', '/points', '/wishlist', '/reviews']);
  });
});

describe('isChromeless', () => {
  it('hides the shop chrome on /admin and /editor only', () => {
    expect(isChromeless('/admin')).toBe(true);
    expect(isChromeless('/admin/orders')).toBe(true);
    expect(isChromeless('/editor')).toBe(true);
    expect(isChromeless('/products')).toBe(false);
    expect(isChromeless('/administrator-tips')).toBe(false);
    expect(isChromeless('/')).toBe(false);
  });
});
