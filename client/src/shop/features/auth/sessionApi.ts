import type { LogoutAnswer, UserAnswer } from '@api/account';
import { baseApi } from '../../../shared/api/baseApi';
import { refreshCsrfToken } from '../../../shared/api/csrf';
import { loggedIn, loggedOut } from './sessionSlice';
import type { UserProfile } from './userTypes';

/**
 * The session as the server sees it. `getUser` is the truth behind the persisted
 * `isLoggedIn`: a 401 logs the client out, an answer refreshes the stored profile.
 */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<UserProfile, void>({
      query: () => '/login/getuser',
      transformResponse: (answer: UserAnswer) => answer.user,
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(loggedIn(data));
        } catch (e) {
          const status = (e as { error?: { status?: unknown } }).error?.status;
          if (status === 401) dispatch(loggedOut());
        }
      },
    }),
    logout: build.mutation<LogoutAnswer, void>({
      query: () => ({ url: '/login/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } finally {
          // The server ended the session (or it was already gone): forget it here too.
          refreshCsrfToken();
          dispatch(loggedOut());
          dispatch(baseApi.util.invalidateTags(['User']));
        }
      },
    }),
  }),
});

export const { useGetUserQuery, useLogoutMutation } = sessionApi;
