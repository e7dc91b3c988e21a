import type { AdminCheckAnswer, AdminRole } from '@api/admin';
import { adminRoutes } from '../app/router';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { mockApi, renderRoutes } from '../test/render';

// The admin screens are lazy routes: their first load in a cold (or busy) run can take several
// seconds (a shared 2-core machine running other suites took over 5 s for the first screen).
configure({ asyncUtilTimeout: 10_000 });

type Reply = { status?: number; json: unknown };
type Handler = (body: unknown, url: URL, method: string) => Reply | undefined;

/** The check of a signed-in admin (GET /api/admin/checkLogin). */
export const signedIn = (role: AdminRole, extra: Partial<AdminCheckAnswer> = {}): AdminCheckAnswer => ({
  success: true,
  isLoggedIn: true,
  adminname: role === 'owner' ? '店長' : role === 'staff' ? '客服小美' : '編輯阿明',
  role,
  totpEnabled: false,
  mustSetupTotp: false,
  ...extra,
});

/**
 * The admin server at the network boundary: the session check as `check` (a role, or a full
 * answer; null for a visitor → 401), a CSRF token, and the screen's own calls.
 */
export function adminServer(check: AdminRole | AdminCheckAnswer | null, handlers: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'shop-token' } }),
    'GET /api/admin/csrf-token': () => ({ json: { success: true, csrfToken: 'admin-visitor-token' } }),
    'GET /api/admin/checkLogin': () =>
      check === null ? { status: 401, json: { success: false, message: '請先登入管理後台' } } : { json: typeof check === 'string' ? signedIn(check) : check },
    ...handlers,
  });
}

/**
 * Loads the lazy modules of the shell, the login and the screens at `paths` (e.g. 'users') before
 * the tests, so a busy machine's first import does not count against a test's waiting time.
 * Use in `beforeAll(() => preloadAdmin(['users']), 60_000)`.
 */
export async function preloadAdmin(paths: string[] = []): Promise<void> {
  type Lazy = { path?: string; lazy?: unknown; children?: Lazy[] };
  const load = (r: Lazy) => (typeof r.lazy === 'function' ? (r.lazy as () => Promise<unknown>)() : Promise.resolve());
  const root = adminRoutes as Lazy;
  const layout = root.children?.find((r) => !r.path && r.children);
  const wanted = ['login', ...paths];
  await Promise.all([
    load(root),
    ...(root.children ?? []).filter((r) => r.path && wanted.includes(r.path)).map(load),
    ...(layout ? [load(layout)] : []),
    ...(layout?.children ?? []).filter((r) => r.path && wanted.includes(r.path)).map(load),
  ]);
}

/** A window `width` pixels wide for antd's breakpoints (min-width / max-width media queries). */
export function viewport(width: number): void {
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** Renders the real /admin route tree (lazy screens, layout, guard) at `path`, on a desktop-wide window unless told. */
export function renderAdmin(path: string, { width = 1280 }: { width?: number } = {}) {
  viewport(width);
  return renderRoutes([adminRoutes, { path: '*', element: <p>shop page</p> }], { path });
}
