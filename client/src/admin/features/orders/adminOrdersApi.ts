import type {
  AdminConfigAnswer,
  AdminOrderDetailsAnswer,
  AdminOrdersAnswer,
  CreateShippingOrderAnswer,
  RefundableAnswer,
  RefundAnswer,
  RefundSettingsAnswer,
  ShippingStatusAnswer,
  ShippingTicketAnswer,
} from '@api/admin';
import type { Envelope } from '@api/envelope';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** POST /api/admin/getOrdersByPage (spec 2 §7). Dates are Asia/Taipei days, `YYYY-MM-DD`, endDate inclusive. */
export interface OrdersQuery {
  limit: number;
  offset: number;
  startDate: string;
  endDate: string;
  keyword: string;
  /** An order status_name, '' for all. */
  status_code: string;
  /** A payment status code, '' for all. */
  payment_status: number | '';
}

/** POST /api/admin/updateOrderReceiver (spec 2 §7): store orders send name and phone only. */
export interface ReceiverInput {
  order_id: number;
  name: string;
  phone: string;
  zip?: string;
  city?: string;
  district?: string;
  street?: string;
}

/** POST /api/admin/createShippingOrder (spec 2 §3 "Shipping ticket form", §7). */
export interface ShippingTicketInput {
  order_id: number;
  ship_trade_no: string;
  lgsType: 'HOME' | 'C2C';
  shipType: '1' | '2';
  goodsType: '1' | '2' | '3';
  shipDate?: string;
  deliveryDate?: string;
  spec?: '1' | '2' | '3' | '4';
  hideProdDesc?: 'Y' | 'N';
  labelMode?: string;
  memo: string;
}

export interface MarkShippedInput {
  order_id: number;
  carrier: string;
  tracking_no: string;
}

export interface RefundInput {
  order_id: number;
  /** The refund's total, spread over the lines by the server. Omitted with no items: the whole refundable amount. */
  amount?: number;
  /** Refunds by line: the lines and units. */
  items?: { order_item_id: number; quantity: number }[];
  /** The shipping fee (what is left of it) goes back too. */
  shipping?: boolean;
  reason: string;
  restock: boolean;
  bank?: { bank_code: string; account: string; name: string };
}

export interface ReturnDecisionInput {
  request_id: number;
  approve: boolean;
  reason: string;
}

const ORDER_TAGS = ['AdminOrders', 'AdminOrder'] as const;

/** A 401 from any of these calls: the admin session ended; the layout's guard goes to /admin/login. */
const watch = { onQueryStarted: (_a: unknown, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) => watchAdminSession(queryFulfilled, dispatch) };

/**
 * The back-office order calls (spec 2 §7 and the calls beyond it: tickets, refunds, returns),
 * injected into the one base slice. Writes refresh the list and the open order.
 */
export const adminOrdersApi = adminApi.enhanceEndpoints({ addTagTypes: ORDER_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** Status codes, payment statuses, payment and shipping methods (spec 1 `loadconifg`). */
    loadConfig: build.query<AdminConfigAnswer, void>({
      ...watch,
      query: () => '/admin/loadconifg',
      keepUnusedDataFor: 3600,
    }),
    getOrdersByPage: build.query<AdminOrdersAnswer, OrdersQuery>({
      ...watch,
      query: (body) => ({ url: '/admin/getOrdersByPage', method: 'POST', body }),
      providesTags: ['AdminOrders'],
    }),
    getAdminOrderDetails: build.query<AdminOrderDetailsAnswer, number>({
      ...watch,
      query: (order_id) => ({ url: '/admin/getAdminOrderDetails', method: 'POST', body: { order_id } }),
      providesTags: (_r, _e, id) => [{ type: 'AdminOrder', id }],
      keepUnusedDataFor: 0,
    }),
    updateOrderReceiver: build.mutation<Envelope, ReceiverInput>({
      ...watch,
      query: (body) => ({ url: '/admin/updateOrderReceiver', method: 'POST', body }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
    createShippingOrder: build.mutation<CreateShippingOrderAnswer, ShippingTicketInput>({
      ...watch,
      query: (body) => ({ url: '/admin/createShippingOrder', method: 'POST', body }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
    /** A ticket whose job was still running when createShippingOrder answered (`pending`). */
    getShippingTicket: build.mutation<ShippingTicketAnswer, number>({
      ...watch,
      query: (ticket_id) => ({ url: '/admin/getShippingTicket', method: 'POST', body: { ticket_id } }),
    }),
    markShipped: build.mutation<Envelope, MarkShippedInput>({
      ...watch,
      query: (body) => ({ url: '/admin/markShipped', method: 'POST', body }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
    getShippingStatus: build.mutation<ShippingStatusAnswer, { ship_trade_no: string; shipping: number; order_id: number }>({
      ...watch,
      query: ({ ship_trade_no, shipping }) => ({ url: '/admin/getShippingStatus', method: 'POST', body: { ship_trade_no, shipping } }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
    callCarrier: build.mutation<Envelope, { order_id: number }>({
      ...watch,
      query: (body) => ({ url: '/admin/callCarrier', method: 'POST', body }),
    }),
    refundOrder: build.mutation<RefundAnswer, RefundInput & { idempotencyKey: string }>({
      ...watch,
      // One key per opened refund form: a double click or a retry makes one refund.
      query: ({ idempotencyKey, ...body }) => ({ url: '/admin/refundOrder', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
    /** The order's lines and what each may still give back (the refund form). */
    refundable: build.query<RefundableAnswer, number>({
      ...watch,
      query: (orderId) => `/admin/refundable?order_id=${orderId}`,
      providesTags: (_r, _e, orderId) => [{ type: 'AdminOrder', id: orderId }],
    }),
    /**
     * The owner's refund limit for staff (NT$): staff see it on the refund form; the server enforces it.
     * The one api also has this name in api/staffApi.ts (帳號管理): whichever file loads first defines
     * it, so both are the same call with the same tag (the limit's edit there refreshes it).
     */
    refundSettings: build.query<RefundSettingsAnswer, void>({
      ...watch,
      query: () => '/admin/refundSettings',
      providesTags: ['AdminStaff'],
    }),
    handleReturnRequest: build.mutation<Envelope, ReturnDecisionInput & { order_id: number }>({
      ...watch,
      query: ({ order_id: _orderId, ...body }) => ({ url: '/admin/handleReturnRequest', method: 'POST', body }),
      invalidatesTags: (_r, _e, { order_id }) => ['AdminOrders', { type: 'AdminOrder', id: order_id }],
    }),
  }),
});

export const {
  useLoadConfigQuery,
  useGetOrdersByPageQuery,
  useGetAdminOrderDetailsQuery,
  useUpdateOrderReceiverMutation,
  useCreateShippingOrderMutation,
  useGetShippingTicketMutation,
  useMarkShippedMutation,
  useGetShippingStatusMutation,
  useCallCarrierMutation,
  useRefundOrderMutation,
  useHandleReturnRequestMutation,
  useRefundSettingsQuery,
  useRefundableQuery,
} = adminOrdersApi;
