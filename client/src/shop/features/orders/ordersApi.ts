import type { PurchaseEventAnswer } from '@api/analytics';
import type { CancelOrderAnswer, OrderAndDetailsAnswer, OrderDetailsAnswer, RequestReturnAnswer, SubmitOrderAnswer, UserOrdersAnswer } from '@api/orders';
import { baseApi } from '../../../shared/api/baseApi';
import { loggedOut } from '../auth/sessionSlice';

export type { CancelOrderAnswer, OrderAndDetailsAnswer, OrderDetailsAnswer, RequestReturnAnswer, UserOrdersAnswer };

/** Orders per page of /orders (spec 1 §9). */
export const ORDERS_PAGE_SIZE = 5;

type Dispatch = (action: unknown) => unknown;

/** The HTTP status of an RTK Query error (a number, or 'FETCH_ERROR' and the like). */
export function errorStatus(error: unknown): unknown {
  return error && typeof error === 'object' && 'status' in error ? (error as { status?: unknown }).status : undefined;
}

/**
 * The session ended on the server (expired, logged out elsewhere): forget it here too, so
 * RequireMember sends the member to /login and back afterwards (as the account screens do).
 */
async function watchSession(queryFulfilled: Promise<unknown>, dispatch: Dispatch) {
  try {
    await queryFulfilled;
  } catch (e) {
    if (errorStatus((e as { error?: unknown } | undefined)?.error) === 401) dispatch(loggedOut());
  }
}

/** How many distinct orders the loaded pages hold (a new order between two pages shifts them by one). */
export function loadedOrderCount(pages: readonly UserOrdersAnswer[]): number {
  return new Set(pages.flatMap((p) => p.orders ?? []).map((o) => o.order_id)).size;
}

/**
 * The member's orders (spec 1 §7, spec 2 §7). The server takes the member from the session and
 * answers only their own orders (another member's: 404, none: 401).
 */
export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The payment slip: the order by our gateway order number, with its lines. */
    getOrderAndDetails: build.query<OrderAndDetailsAnswer, string>({
      query: (merTradeNo) => `/order/getOrderAndDetails/${encodeURIComponent(merTradeNo)}`,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /**
     * My orders, newest first, page by page (`?page=` from 1, `limit`): an infinite query whose
     * pages are appended by 載入更多 while fewer orders are loaded than the server's `total`.
     */
    getUserOrdersByPage: build.infiniteQuery<UserOrdersAnswer, { limit: number }, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, allPages, lastPageParam) =>
          (lastPage.orders?.length ?? 0) > 0 && loadedOrderCount(allPages) < (lastPage.total ?? 0) ? lastPageParam + 1 : undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/order/getUserOrdersByPage', params: { page: pageParam, limit: queryArg.limit } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** The lines of one order (loaded when its details are first opened). */
    getOrderDetails: build.query<OrderDetailsAnswer, number>({
      query: (orderId) => `/order/getOrderDetails/${orderId}`,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    cancelOrder: build.mutation<CancelOrderAnswer, { order_id: number }>({
      query: (body) => ({ url: '/order/cancelOrder', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** 重新付款: the card / LINE Pay page again for an unpaid order inside its payment window (issue 19 §6). */
    retryPayment: build.mutation<SubmitOrderAnswer, { order_id: number }>({
      query: (body) => ({ url: '/orders/retryPayment', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** 更換付款方式: ATM (with its bank), CVS code, LINE Pay or cash on delivery instead. */
    changePayment: build.mutation<SubmitOrderAnswer, { order_id: number; payment: string; bankCode?: string }>({
      query: (body) => ({ url: '/orders/changePayment', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** Ask for a return within the 7-day 鑑賞期 after delivery / pickup (staff approve or refuse). */
    /** The analytics purchase event of the member's paid (or placed cash-on-delivery) order: the event once, then null (issue 22 §7). */
    purchaseEvent: build.mutation<PurchaseEventAnswer, string>({
      query: (merTradeNo) => ({ url: `/member/orders/${encodeURIComponent(merTradeNo)}/purchase-event`, method: 'POST', body: {} }),
    }),
    requestReturn: build.mutation<RequestReturnAnswer, { order_id: number; reason: string }>({
      query: (body) => ({ url: '/order/requestReturn', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
  }),
});

export const {
  usePurchaseEventMutation,
  useGetOrderAndDetailsQuery,
  useGetUserOrdersByPageInfiniteQuery,
  useGetOrderDetailsQuery,
  useCancelOrderMutation,
  useRequestReturnMutation,
  useRetryPaymentMutation,
  useChangePaymentMutation,
} = ordersApi;
