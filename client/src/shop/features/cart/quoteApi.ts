import type { QuoteAnswer, QuoteRequest } from '@api/promotions';
import { baseApi } from '../../../shared/api/baseApi';

/**
 * The server's price quote (spec 4 §4, §7 `POST /api/cart/quote`): the cart, the checkout and
 * submitOrder price with the same function, so the shopper pays exactly what was shown. A query
 * (cached by its request), though sent as POST: it changes nothing on the server.
 */
export const quoteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    cartQuote: build.query<QuoteAnswer, QuoteRequest>({
      query: (body) => ({ url: '/cart/quote', method: 'POST', body }),
      // A quote is about now (stock, a code's uses, the promotion's window): not kept for long.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useCartQuoteQuery } = quoteApi;
