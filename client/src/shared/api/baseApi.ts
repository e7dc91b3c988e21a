import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { csrfHeaders, csrfScope, needsCsrf, refreshCsrfToken } from './csrf';

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' });

/**
 * The fetch base query plus the session's CSRF token on state-changing calls (X-CSRF-Token).
 * A 403 (token missing or stale after the session changed) is retried once with a fresh token;
 * the server refused that call, so nothing ran twice.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (args, api, extra) => {
  if (!needsCsrf(args)) return rawBaseQuery(args, api, extra);
  const request = typeof args === 'string' ? { url: args } : args;
  const scope = csrfScope(request);
  const send = async () => rawBaseQuery({ ...request, headers: { ...(request.headers as Record<string, string>), ...(await csrfHeaders(scope)) } }, api, extra);
  const first = await send();
  if (first.error?.status !== 403) return first;
  refreshCsrfToken(scope);
  return send();
};

/**
 * The one RTK Query slice. Features add their endpoints with `baseApi.injectEndpoints`
 * and invalidate through these tags.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Products', 'Product', 'Shipping', 'Payment', 'Versions', 'User', 'Points', 'Wishlist', 'Restock', 'Reviewables', 'ProductReviews', 'Preferences'],
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});

/** Every answer is `{ success, message?, ...fields }` (declared with the other API shapes in `@api/*`). */
export type { Envelope } from '@api/envelope';

/** The server's message from an RTK Query error, if it sent one. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data) {
      const m = (data as { message?: unknown }).message;
      if (typeof m === 'string' && m) return m;
    }
  }
  return undefined;
}
