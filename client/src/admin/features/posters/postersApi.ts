import type {
  AdminPosterActiveAnswer,
  AdminPosterCreateAnswer,
  AdminPosterDeleteAnswer,
  AdminPostersAnswer,
  AdminPosterUpdateAnswer,
  PosterInput,
} from '@api/admin-posters';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** Posters a page (spec 3 §9). */
export const POSTERS_PAGE_SIZE = 20;

export interface PostersQuery {
  limit: number;
  offset: number;
  keyword: string;
}

/** Skincare-knowledge posters (spec 3 §7; server: src/modules/content/admin-posters.*). */
export const postersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/loadPosters {limit, offset, keyword}: newest first. */
    loadPosters: build.query<AdminPostersAnswer, PostersQuery>({
      query: (body) => ({ url: '/admin/loadPosters', method: 'POST', body }),
      providesTags: ['AdminPosters'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    createPoster: build.mutation<AdminPosterCreateAnswer, PosterInput>({
      query: (body) => ({ url: '/admin/createPoster', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminPosters'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    updatePoster: build.mutation<AdminPosterUpdateAnswer, PosterInput & { id: number }>({
      query: (body) => ({ url: '/admin/updatePoster', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminPosters'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    /** Shows or hides a poster; on success the cached lists follow (no reload). */
    updatePosterIsActive: build.mutation<AdminPosterActiveAnswer, { id: number; is_active: number }>({
      query: (body) => ({ url: '/admin/updatePosterIsActive', method: 'POST', body }),
      onQueryStarted: async (arg, { dispatch, getState, queryFulfilled }) => {
        await watchAdminSession(queryFulfilled, dispatch);
        try {
          const { data } = await queryFulfilled;
          if (!data.success) return;
          for (const args of postersApi.util.selectCachedArgsForQuery(getState(), 'loadPosters')) {
            dispatch(
              postersApi.util.updateQueryData('loadPosters', args, (draft) => {
                for (const row of draft.rows ?? []) if (row.id === arg.id) row.is_active = arg.is_active;
              }),
            );
          }
        } catch {
          // the screen reports the failure
        }
      },
    }),
    deletePoster: build.mutation<AdminPosterDeleteAnswer, { id: number }>({
      query: (body) => ({ url: '/admin/deletePoster', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminPosters'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useLoadPostersQuery, useCreatePosterMutation, useUpdatePosterMutation, useUpdatePosterIsActiveMutation, useDeletePosterMutation } = postersApi;
