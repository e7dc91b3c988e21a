import type { ShippingAnswer, ShippingMethodView } from '@api/settings';
import { baseApi } from '../../../shared/api/baseApi';

export type ShippingMethod = ShippingMethodView;

/** Home delivery is the checkout default (spec 2 §4). */
export const DEFAULT_SHIPPING_ID = 4;

export const shippingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loadShipping: build.query<ShippingAnswer, void>({
      query: () => '/load/shipping',
      providesTags: ['Shipping'],
    }),
  }),
});

export const { useLoadShippingQuery } = shippingApi;

/** The stored choice when still offered, else home delivery, else the first method. */
export function pickShippingMethod(methods: readonly ShippingMethod[], storedId: number | null): ShippingMethod | undefined {
  return methods.find((m) => m.id === storedId) ?? methods.find((m) => m.id === DEFAULT_SHIPPING_ID) ?? methods[0];
}
