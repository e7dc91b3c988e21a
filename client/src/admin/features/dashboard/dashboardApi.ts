import type { AdminDashboardAnswer } from '@api/admin-dashboard';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** GET /api/admin/dashboard (issue 12, beyond the spec; server: src/modules/dashboard): owners and staff. */
export const dashboardApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<AdminDashboardAnswer, void>({
      query: () => '/admin/dashboard',
      providesTags: ['AdminDashboard'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
