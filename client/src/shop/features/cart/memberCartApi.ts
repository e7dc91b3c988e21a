import type { ServerCartAnswer, ServerCartItem } from '@api/member-cart';
import { baseApi } from '../../../shared/api/baseApi';
import { watchSession } from '../auth/watchSession';

/**
 * The member's server cart (issue 22 §3; spec 4 §7). Driven by cartSync.ts, never by screens: the
 * store's cart is the cache the screens read.
 */
export const memberCartApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMemberCart: build.mutation<ServerCartAnswer, void>({
      query: () => ({ url: '/member/cart', method: 'GET' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** The whole cart with each line's updated_at; removed lines as quantity 0. */
    putMemberCart: build.mutation<ServerCartAnswer, ServerCartItem[]>({
      query: (cartItems) => ({ url: '/member/cart', method: 'PUT', body: { cartItems } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** Right after login: the browser's cart joins the member's (the larger quantity of a line wins). */
    mergeMemberCart: build.mutation<ServerCartAnswer, ServerCartItem[]>({
      query: (cartItems) => ({ url: '/member/cart/merge', method: 'POST', body: { cartItems } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
  }),
});
