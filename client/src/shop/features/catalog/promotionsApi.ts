import type { PublicPromotionsAnswer } from '@api/promotions';
import { baseApi } from '../../../shared/api/baseApi';

/** `GET /api/load/promotions` (spec 4 §7): the live public promotions, for the badges on products. */
export const promotionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loadPromotions: build.query<PublicPromotionsAnswer, void>({
      query: () => '/load/promotions',
      // One request for every card and product page of the visit (badges are a hint; the quote decides).
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useLoadPromotionsQuery } = promotionsApi;
