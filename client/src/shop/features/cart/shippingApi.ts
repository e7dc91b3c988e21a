import { baseApi, type Envelope } from '../../../shared/api/baseApi';

export interface ShippingMethod {
  id: number;
  name: string;
  icon_url: string;
  shipping_cost: number;
  free_shipping_threshold: number;
}

export interface ShippingResponse extends Envelope {
  shippingMethods: ShippingMethod[];
}

/** Home delivery is the checkout default (spec 2 §4). */
export const DEFAULT_SHIPPING_ID = 4;

export const shippingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loadShipping: build.query<ShippingResponse, void>({
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
