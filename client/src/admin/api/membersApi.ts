import type { AdminUsersAnswer } from '@api/admin';
import { adminApi, watchAdminSession } from './adminApi';

/** Members per page (issue 11: page size 20). */
export const MEMBERS_PAGE_SIZE = 20;

export interface MembersQuery {
  limit: number;
  offset: number;
  /** Matches phone, name, e-mail and account; '' for all. */
  keyword: string;
}

/** POST /api/admin/getUsersByPage (spec 2 §7; server: src/modules/users/admin-*.ts). */
export const membersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getUsersByPage: build.query<AdminUsersAnswer, MembersQuery>({
      query: (body) => ({ url: '/admin/getUsersByPage', method: 'POST', body }),
      providesTags: ['AdminMembers'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useGetUsersByPageQuery } = membersApi;
