import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AntdScope } from '../app/AntdScope';
import { Providers } from '../app/providers';
import { makeStore, type RootState } from '../app/store';

type Handler = (body: unknown, url: URL, method: string) => { status?: number; json: unknown } | undefined;

/**
 * Mocks `fetch` at the network boundary: `handlers` maps "METHOD /api/path" to an answer.
 * Unknown requests answer 404. Returns the mock to inspect calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url, 'http://localhost');
    const text = await req.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    calls.push({ method: req.method, path: url.pathname, body });
    const answer = handlers[`${req.method} ${url.pathname}`]?.(body, url, req.method);
    return new Response(JSON.stringify(answer?.json ?? { success: false, message: 'not found' }), {
      status: answer ? (answer.status ?? 200) : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** Renders `ui` at `path` inside the app providers with a fresh store; `route` is its route pattern (params). */
export function renderApp(ui: ReactElement, { path = '/', route = '*', preloaded }: { path?: string; route?: string; preloaded?: Partial<RootState> } = {}) {
  const store = makeStore(preloaded);
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
      { path: '/cart', element: <div>cart page</div> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <Providers store={store}>
      <AntdScope>
        <RouterProvider router={router} />
      </AntdScope>
    </Providers>,
  );
  return { ...utils, store, router };
}

/** Renders a small route table at `path` inside the app providers with a fresh store (for screens that navigate). */
export function renderRoutes(routes: RouteObject[], { path = '/', preloaded }: { path?: string; preloaded?: Partial<RootState> } = {}) {
  const store = makeStore(preloaded);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers store={store}>
      <AntdScope>
        <RouterProvider router={router} />
      </AntdScope>
    </Providers>,
  );
  return { ...utils, store, router };
}
