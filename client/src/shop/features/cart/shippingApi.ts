import type { ShippingAnswer, ShippingMethodView } from '@api/settings';
import { baseApi } from '../../../shared/api/baseApi';
import { formatNT } from '../../../shared/lib/format';

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

/** A method's usual fee, before the cart is priced: 免運 when it is always free (threshold 0). */
export function methodFeeText(m: Pick<ShippingMethod, 'shipping_cost' | 'free_shipping_threshold'>): string {
  return m.free_shipping_threshold <= 0 || m.shipping_cost <= 0 ? '免運' : formatNT(m.shipping_cost);
}
