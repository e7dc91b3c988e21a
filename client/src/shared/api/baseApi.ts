import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query slice. Features add their endpoints with `baseApi.injectEndpoints`
 * and invalidate through these tags.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' }),
  tagTypes: ['Products', 'Product', 'Shipping', 'Payment', 'Versions'],
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});

/** Every answer is `{ success, message?, ...fields }`. */
export interface Envelope {
  success: boolean;
  message?: string;
}

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
