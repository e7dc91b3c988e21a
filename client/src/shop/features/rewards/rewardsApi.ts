import type { MemberPointsAnswer } from '@api/rewards';
import { baseApi } from '../../../shared/api/baseApi';
import { watchSession } from '../auth/watchSession';

/** Points history page size (spec 4 §9). */
export const POINTS_PAGE_SIZE = 20;

/** 我的購物金 (spec 4 §7 `GET /api/member/points?page&limit`): the member comes from the session. */
export const rewardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    memberPoints: build.query<MemberPointsAnswer, { page: number; limit?: number }>({
      query: ({ page, limit = POINTS_PAGE_SIZE }) => ({ url: '/member/points', params: { page, limit } }),
      providesTags: ['Points', 'User'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useMemberPointsQuery } = rewardsApi;
