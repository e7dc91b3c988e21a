import type { Envelope } from '@api/envelope';
import type {
  AdminCouponCodesAnswer,
  AdminGenerateCodesAnswer,
  AdminPromotionAnswer,
  AdminPromotionSaveAnswer,
  AdminPromotionsAnswer,
  PromotionInput,
  PromotionReportAnswer,
  PromotionStatus,
} from '@api/promotions';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** Promotions a page (spec 4 §9). */
export const PROMOTIONS_PAGE_SIZE = 20;
/** Coupon codes a page in the codes drawer. */
export const CODES_PAGE_SIZE = 20;

export interface PromotionsQuery {
  limit: number;
  offset: number;
  keyword: string;
  /** '' for every status. */
  status: PromotionStatus | '';
}

const TAGS = ['AdminPromotions', 'AdminPromotion', 'AdminPromotionCodes', 'AdminPromotionReport'] as const;
const watch = (_a: unknown, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) =>
  watchAdminSession(queryFulfilled, dispatch);

/** 行銷活動 (spec 4 §7; server: src/modules/promotions/admin-*). Every write reloads the list. */
export const promotionsApi = adminApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/promotions?limit&offset&keyword&status (empty filters stay out of the address). */
    promotions: build.query<AdminPromotionsAnswer, PromotionsQuery>({
      query: ({ limit, offset, keyword, status }) => ({
        url: '/admin/promotions',
        params: { limit, offset, ...(keyword ? { keyword } : {}), ...(status ? { status } : {}) },
      }),
      providesTags: ['AdminPromotions'],
      onQueryStarted: watch,
    }),
    promotion: build.query<AdminPromotionAnswer, number>({
      query: (id) => `/admin/promotions/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminPromotion', id }],
      onQueryStarted: watch,
    }),
    createPromotion: build.mutation<AdminPromotionSaveAnswer, PromotionInput>({
      query: (body) => ({ url: '/admin/promotions', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminPromotions'] : []),
      onQueryStarted: watch,
    }),
    updatePromotion: build.mutation<AdminPromotionSaveAnswer, PromotionInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/promotions/${id}`, method: 'PUT', body }),
      invalidatesTags: (r, _e, { id }) => (r?.success ? ['AdminPromotions', { type: 'AdminPromotion', id }, { type: 'AdminPromotionReport', id }] : []),
      onQueryStarted: watch,
    }),
    /** 啟用 / 停用: the status column follows (a disabled promotion reads 已停用). */
    setPromotionActive: build.mutation<Envelope, { id: number; is_active: 0 | 1 }>({
      query: ({ id, is_active }) => ({ url: `/admin/promotions/${id}/isActive`, method: 'PUT', body: { is_active } }),
      invalidatesTags: (r, _e, { id }) => (r?.success ? ['AdminPromotions', { type: 'AdminPromotion', id }] : []),
      onQueryStarted: watch,
    }),
    /** Refused (活動已有訂單使用，無法刪除（可停用）) once an order used it. */
    deletePromotion: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/admin/promotions/${id}`, method: 'DELETE' }),
      invalidatesTags: (r) => (r?.success ? ['AdminPromotions'] : []),
      onQueryStarted: watch,
    }),
    /** A copy (not active, no code, no uses) to edit; answers its id. */
    duplicatePromotion: build.mutation<AdminPromotionSaveAnswer, number>({
      query: (id) => ({ url: `/admin/promotions/${id}/duplicate`, method: 'POST' }),
      invalidatesTags: (r) => (r?.success ? ['AdminPromotions'] : []),
      onQueryStarted: watch,
    }),
    /** Unique codes (coupon_mode unique): up to 10,000 a batch. */
    generateCodes: build.mutation<AdminGenerateCodesAnswer, { id: number; count: number; prefix: string }>({
      query: ({ id, count, prefix }) => ({ url: `/admin/promotions/${id}/codes`, method: 'POST', body: { count, prefix } }),
      invalidatesTags: (r, _e, { id }) => (r?.success ? ['AdminPromotions', { type: 'AdminPromotionCodes', id }] : []),
      onQueryStarted: watch,
    }),
    promotionCodes: build.query<AdminCouponCodesAnswer, { id: number; limit: number; offset: number }>({
      query: ({ id, limit, offset }) => ({ url: `/admin/promotions/${id}/codes`, params: { limit, offset } }),
      providesTags: (_r, _e, { id }) => [{ type: 'AdminPromotionCodes', id }],
      onQueryStarted: watch,
    }),
    promotionReport: build.query<PromotionReportAnswer, number>({
      query: (id) => `/admin/promotions/${id}/report`,
      providesTags: (_r, _e, id) => [{ type: 'AdminPromotionReport', id }],
      onQueryStarted: watch,
    }),
  }),
});

/** The CSV of a promotion's codes (UTF-8 with BOM), downloaded by the browser with the session cookie. */
export const codesCsvUrl = (id: number) => `/api/admin/promotions/${id}/codes.csv`;

export const {
  usePromotionsQuery,
  usePromotionQuery,
  useCreatePromotionMutation,
  useUpdatePromotionMutation,
  useSetPromotionActiveMutation,
  useDeletePromotionMutation,
  useDuplicatePromotionMutation,
  useGenerateCodesMutation,
  usePromotionCodesQuery,
  usePromotionReportQuery,
} = promotionsApi;
