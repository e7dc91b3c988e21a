import type { Envelope } from '@api/envelope';
import { adminOrdersApi } from './adminOrdersApi';

/**
 * The staff moves of an order (the server's order-lifecycle.ts decides them):
 * `POST /api/admin/startProcessing` (開始備貨) and `POST /api/admin/cancelOrder` (an unpaid
 * cash-on-delivery order). Both refresh the list and the order's detail.
 */
export const orderActionsApi = adminOrdersApi.injectEndpoints({
  endpoints: (build) => ({
    startProcessing: build.mutation<Envelope, { order_id: number }>({
      query: (body) => ({ url: '/admin/startProcessing', method: 'POST', body }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
    cancelOrderByStaff: build.mutation<Envelope, { order_id: number; reason: string }>({
      query: (body) => ({ url: '/admin/cancelOrder', method: 'POST', body }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
  }),
});

export const { useStartProcessingMutation, useCancelOrderByStaffMutation } = orderActionsApi;
