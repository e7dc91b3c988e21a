import type { AdminMemberDetailAnswer, AdminMemberNotesAnswer, AdminUsersAnswer } from '@api/admin';
import type { Envelope } from '@api/envelope';
import type { AdminMemberPointsAnswer } from '@api/rewards';
import { adminApi, watchAdminSession } from './adminApi';

/** Members per page (issue 11: page size 20). */
export const MEMBERS_PAGE_SIZE = 20;
/** Points history a page (spec 4 §9). */
export const POINTS_PAGE_SIZE = 20;

export interface MembersQuery {
  limit: number;
  offset: number;
  /** Matches phone, name, e-mail and account; '' for all. */
  keyword: string;
}

const watch = (_a: unknown, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) =>
  watchAdminSession(queryFulfilled, dispatch);

/**
 * 會員管理 (spec 2 §7, issue 21 §6; owner and staff; server: src/modules/users/admin-*.ts and
 * src/modules/rewards): the list, one member's detail, points, staff notes and 停權.
 */
export const membersApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminMember', 'AdminMemberPoints'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/getUsersByPage. */
    getUsersByPage: build.query<AdminUsersAnswer, MembersQuery>({
      query: (body) => ({ url: '/admin/getUsersByPage', method: 'POST', body }),
      providesTags: ['AdminMembers'],
      onQueryStarted: watch,
    }),
    /** GET /api/admin/members/{id}: profile, addresses, orders, points, reviews count, notes, block state. */
    memberDetail: build.query<AdminMemberDetailAnswer, number>({
      query: (id) => `/admin/members/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminMember', id }],
      onQueryStarted: watch,
    }),
    /** GET /api/admin/members/{id}/points?page&limit: balance, pending, tier, history (20 a page). */
    adminMemberPoints: build.query<AdminMemberPointsAnswer, { id: number; page: number }>({
      query: ({ id, page }) => ({ url: `/admin/members/${id}/points`, params: { page, limit: POINTS_PAGE_SIZE } }),
      providesTags: (_r, _e, { id }) => [{ type: 'AdminMemberPoints', id }],
      onQueryStarted: watch,
    }),
    /** POST /api/admin/members/{id}/points { amount, reason } (調整購物金; one idempotency key per opened form). */
    adjustPoints: build.mutation<AdminMemberPointsAnswer, { id: number; amount: number; reason: string; idempotencyKey: string }>({
      query: ({ id, amount, reason, idempotencyKey }) => ({
        url: `/admin/members/${id}/points`,
        method: 'POST',
        body: { amount, reason },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (r, _e, { id }) => (r?.success ? [{ type: 'AdminMemberPoints', id }, { type: 'AdminMember', id }] : []),
      onQueryStarted: watch,
    }),
    /** POST /api/admin/members/{id}/notes { content } → the notes. */
    addMemberNote: build.mutation<AdminMemberNotesAnswer, { id: number; content: string }>({
      query: ({ id, content }) => ({ url: `/admin/members/${id}/notes`, method: 'POST', body: { content } }),
      invalidatesTags: (r, _e, { id }) => (r?.success ? [{ type: 'AdminMember', id }] : []),
      onQueryStarted: watch,
    }),
    /** PUT /api/admin/members/{id}/block { blocked, reason } → 已停權 / 已解除停權. */
    blockMember: build.mutation<Envelope, { id: number; blocked: boolean; reason: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/members/${id}/block`, method: 'PUT', body }),
      invalidatesTags: (r, _e, { id }) => (r?.success ? [{ type: 'AdminMember', id }, 'AdminMembers'] : []),
      onQueryStarted: watch,
    }),
  }),
});

export const { useGetUsersByPageQuery, useMemberDetailQuery, useAdminMemberPointsQuery, useAdjustPointsMutation, useAddMemberNoteMutation, useBlockMemberMutation } = membersApi;
