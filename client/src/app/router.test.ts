import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../shop/features/content/contentPages';
import { CONTENT_PAGE_PATHS, routes } from './router';

describe('route table', () => {
  const paths = (routes[0].children ?? []).map((r) => (r.index ? '' : r.path));

  it('has a lazy route for every content page, poster and the about and contact pages', () => {
    expect(CONTENT_PAGE_PATHS).toEqual(CONTENT_PAGES.map((p) => p.pageType));
    for (const p of [...CONTENT_PAGE_PATHS, 'about', 'contact', 'posters/:id', 'posters', '']) expect(paths).toContain(p);
    for (const r of routes[0].children ?? []) expect(typeof r.lazy).toBe('function');
  });
});

describe('member account routes', () => {
  it('has lazy routes for the profile, change password and the address book', () => {
    const paths = (routes[0].children ?? []).map((r) => r.path);
    for (const p of ['profile', 'cpassword', 'address']) expect(paths).toContain(p);
  });
});
