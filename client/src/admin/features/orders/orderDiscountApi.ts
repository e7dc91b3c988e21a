import type { OrderDiscountAnswer } from '@api/admin';
import { adminOrdersApi } from './adminOrdersApi';

export interface OrderDiscountInput {
  order_id: number;
  /** Whole NT$ as typed (the server judges it as typed, never coerced). */
  amount: string;
  reason: string;
}

/** `POST /api/admin/addOrderDiscount` (訂單折扣): refreshes the list and the order's detail. */
export const orderDiscountApi = adminOrdersApi.injectEndpoints({
  endpoints: (build) => ({
    addOrderDiscount: build.mutation<OrderDiscountAnswer, OrderDiscountInput>({
      query: (body) => ({ url: '/admin/addOrderDiscount', method: 'POST', body }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
  }),
});

export const { useAddOrderDiscountMutation } = orderDiscountApi;
