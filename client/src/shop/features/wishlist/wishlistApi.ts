import type { RestockAnswer, WishlistAnswer, WishlistToggleAnswer } from '@api/wishlist';
import type { Envelope } from '@api/envelope';
import { baseApi } from '../../../shared/api/baseApi';
import { watchSession } from '../auth/watchSession';

/** Spec 4 §8's toasts. */
export const WISH_MSG = {
  added: '已加入收藏',
  removed: '已取消收藏',
  restockOn: '貨到時將通知您',
  restockOff: '已取消貨到通知',
  failed: '操作失敗，請稍後再試',
} as const;

/** The member's wishlist and restock requests (spec 4 §7). Only asked for a logged-in member. */
export const wishlistApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    wishlist: build.query<WishlistAnswer, void>({
      query: () => '/member/wishlist',
      providesTags: ['Wishlist', 'User'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** Toggles the product: `wished` says where it is now. */
    toggleWish: build.mutation<WishlistToggleAnswer, { product_id: number }>({
      query: (body) => ({ url: '/member/wishlist', method: 'POST', body }),
      invalidatesTags: ['Wishlist'],
      async onQueryStarted({ product_id }, { dispatch, queryFulfilled }) {
        // The heart turns at once; the list is asked again afterwards (and a failure turns it back).
        const patch = dispatch(
          wishlistApi.util.updateQueryData('wishlist', undefined, (draft) => {
            const ids = draft.productIds ?? [];
            draft.productIds = ids.includes(product_id) ? ids.filter((id) => id !== product_id) : [...ids, product_id];
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
        await watchSession(queryFulfilled, dispatch);
      },
    }),
    /** The variants the member asked to be told about (open requests). */
    restockRequests: build.query<RestockAnswer, void>({
      query: () => '/member/restock',
      providesTags: ['Restock', 'User'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    requestRestock: build.mutation<Envelope<{ variantIds?: number[] }>, { variant_id: number }>({
      query: (body) => ({ url: '/member/restock', method: 'POST', body }),
      invalidatesTags: ['Restock'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    cancelRestock: build.mutation<Envelope<{ variantIds?: number[] }>, { variant_id: number }>({
      query: ({ variant_id }) => ({ url: `/member/restock/${variant_id}`, method: 'DELETE' }),
      invalidatesTags: ['Restock'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useWishlistQuery, useToggleWishMutation, useRestockRequestsQuery, useRequestRestockMutation, useCancelRestockMutation } = wishlistApi;
