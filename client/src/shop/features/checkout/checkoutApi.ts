import type { CvsMapAnswer, SubmitOrderAnswer } from '@api/orders';
import type { QuoteAddonRequest } from '@api/promotions';
import type { PaymentAnswer } from '@api/settings';
import type { CheckoutInput } from '@rules/checkout-rules';
import { baseApi } from '../../../shared/api/baseApi';
import { loggedOut } from '../auth/sessionSlice';

/** One cart line as submitOrder takes it (prices come from the database, never from here). */
export interface SubmitCartItem {
  product_id: number;
  variant_id: number;
  quantity: number;
}

/**
 * `POST /api/order/submitOrder` body (issue 10 field names). Only the fields that apply to the
 * chosen shipping, payment and invoice are sent (the server refuses unknown fields).
 */
export interface SubmitOrderBody extends CheckoutInput {
  user_id?: number;
  buy_name: string;
  buy_phone: string;
  buy_email: string;
  name: string;
  phone: string;
  shipping: number;
  payment: string;
  cartItems: SubmitCartItem[];
  /** The quote's totalAmount (spec 4 §4): a different total is refused with the new one. */
  totalAmount: number;
  /** The code the quote applied (spec 4 §7); absent without one. */
  couponCode?: string;
  /** The add-ons as the quote priced them; absent without any. */
  addons?: QuoteAddonRequest[];
  /** The points the quote used (issue 21); absent without any. */
  usePoints?: number;
}

export interface SubmitOrderArgs {
  body: SubmitOrderBody;
  /** One key per submit attempt: a retry of the same form sends the same key (one order per double click). */
  idempotencyKey: string;
}

type Dispatch = (action: unknown) => unknown;

/** The session ended on the server: forget it here too (the page then sends the shopper to /login). */
async function watchSession(queryFulfilled: Promise<unknown>, dispatch: Dispatch) {
  try {
    await queryFulfilled;
  } catch (e) {
    const status = (e as { error?: { status?: unknown } } | undefined)?.error?.status;
    if (status === 401) dispatch(loggedOut());
  }
}

/** Checkout calls (spec 2 §7, spec 1 §7 `GET /api/load/payment`). */
export const checkoutApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loadPayment: build.query<PaymentAnswer, void>({
      query: () => '/load/payment',
      providesTags: ['Payment'],
    }),
    submitOrder: build.mutation<SubmitOrderAnswer, SubmitOrderArgs>({
      query: ({ body, idempotencyKey }) => ({
        url: '/order/submitOrder',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    getCvsMapUrl: build.mutation<CvsMapAnswer, { user_id?: number; isMobile: boolean }>({
      query: (body) => ({ url: '/order/getCvsMapUrl', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useLoadPaymentQuery, useSubmitOrderMutation, useGetCvsMapUrlMutation } = checkoutApi;
