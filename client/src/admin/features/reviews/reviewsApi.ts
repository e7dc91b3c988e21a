import type { AdminReviewAnswer, AdminReviewsAnswer, ReviewStatus } from '@api/reviews';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** Reviews a page in 評價管理. */
export const REVIEWS_PAGE_SIZE = 20;

export type { ReviewStatus };

export interface ReviewsQuery {
  limit: number;
  offset: number;
  /** '' for every state. */
  status: ReviewStatus | '';
  /** 1–5, 0 for any. */
  stars: number;
  /** 0 for any product. */
  product_id: number;
  /** 0 for any member (the member detail lists one member's reviews). */
  user_id: number;
  keyword: string;
}

const watch = (_a: unknown, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) =>
  watchAdminSession(queryFulfilled, dispatch);

/** 評價管理 (spec 4 §2, §7; owner and staff write, editors read; server: src/modules/reviews). */
export const reviewsApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminReviews'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/reviews?limit&offset&status&stars&product_id&user_id&keyword (empty filters left out). */
    adminReviews: build.query<AdminReviewsAnswer, ReviewsQuery>({
      query: ({ limit, offset, status, stars, product_id, user_id, keyword }) => ({
        url: '/admin/reviews',
        params: {
          limit,
          offset,
          ...(status ? { status } : {}),
          ...(stars ? { stars } : {}),
          ...(product_id ? { product_id } : {}),
          ...(user_id ? { user_id } : {}),
          ...(keyword ? { keyword } : {}),
        },
      }),
      providesTags: ['AdminReviews'],
      onQueryStarted: watch,
    }),
    /** PUT /api/admin/reviews/{id} { is_visible } (隱藏 / 顯示; showing a held review publishes it) or { reply }. */
    updateReview: build.mutation<AdminReviewAnswer, { id: number; is_visible?: 0 | 1; reply?: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/reviews/${id}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminReviews'] : []),
      onQueryStarted: watch,
    }),
  }),
});

export const { useAdminReviewsQuery, useUpdateReviewMutation } = reviewsApi;
