import { describe, expect, it } from 'vitest';
import routerSource from '../app/router.tsx?raw';
import { adminRoutes, routes } from '../app/router';
import { ADMIN_NAV } from './layout/adminNav';

describe('admin routes (spec 3 §2)', () => {
  it('hang off the root as their own lazy tree, outside the shop layout', () => {
    expect(routes).toContain(adminRoutes);
    expect(adminRoutes.path).toBe('/admin');
    expect(typeof adminRoutes.lazy).toBe('function');
    const shopPaths = (routes[0].children ?? []).map((r) => r.path ?? '');
    expect(shopPaths.some((p) => p.startsWith('admin'))).toBe(false);
  });

  it('load every admin screen lazily: the router imports nothing from client/src/admin statically', () => {
    const staticImports = [...routerSource.matchAll(/^\s*import\s+[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    expect(staticImports.filter((s) => s.includes('/admin'))).toEqual([]);
    const layout = adminRoutes.children?.find((r) => !r.path && r.children);
    for (const r of [...(adminRoutes.children ?? []), ...(layout?.children ?? [])]) expect(typeof r.lazy).toBe('function');
  });

  it('have a screen for every built sidebar entry, and the login', () => {
    const layout = adminRoutes.children?.find((r) => !r.path && r.children);
    const paths = new Set((layout?.children ?? []).map((r) => `/admin/${r.path ?? ''}`));
    for (const item of ADMIN_NAV.filter((i) => i.built)) expect(paths).toContain(item.path);
    expect(adminRoutes.children?.map((r) => r.path)).toContain('login');
  });
});
