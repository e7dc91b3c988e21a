import type { Envelope } from '@api/envelope';
import type { LineBindAnswer, MemberPreferencesView, NotifyChannel, PreferencesAnswer, UnsubscribeAnswer } from '@api/preferences';
import type { DeleteAccountAnswer } from '@api/privacy';
import { baseApi } from '../../../shared/api/baseApi';
import { watchSession } from '../auth/watchSession';

export type { MemberPreferencesView, NotifyChannel };

export interface PreferencesInput {
  notify_channel?: NotifyChannel;
  marketing_email?: 0 | 1;
  marketing_line?: 0 | 1;
}

/**
 * Preferences, consent, LINE binding and personal-data rights (issue 22 §1, §2, §4; spec 4 §7).
 * The member always comes from the session. The export is a file download (personalData.ts).
 */
export const preferencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    preferences: build.query<PreferencesAnswer, void>({
      query: () => '/member/preferences',
      providesTags: ['Preferences'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** Saves the choices; the answer (the new view) replaces the cached one. */
    savePreferences: build.mutation<PreferencesAnswer, PreferencesInput>({
      query: (body) => ({ url: '/member/preferences', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.success && data.preferences) dispatch(preferencesApi.util.upsertQueryData('preferences', undefined, data));
        } catch (e) {
          await watchSession(Promise.reject(e), dispatch);
        }
      },
    }),
    /** 綁定 LINE: the LINE Login URL to open (its callback comes back to /profile?line=…). */
    lineBindUrl: build.mutation<LineBindAnswer, void>({
      query: () => ({ url: '/member/line/bind', method: 'GET' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    lineUnbind: build.mutation<Envelope, void>({
      query: () => ({ url: '/member/line/unbind', method: 'POST', body: {} }),
      invalidatesTags: ['Preferences', 'User'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    /** 刪除帳號 for accounts without a password: an SMS code to the member's phone. */
    sendDeleteCode: build.mutation<Envelope<{ outtime?: number }>, void>({
      query: () => ({ url: '/member/delete/code', method: 'POST', body: {} }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    deleteAccount: build.mutation<DeleteAccountAnswer, { password: string } | { code: string }>({
      query: (body) => ({ url: '/member/delete', method: 'POST', body }),
    }),
    /** The one-click unsubscribe link of a marketing message (no login; idempotent). */
    unsubscribe: build.mutation<UnsubscribeAnswer, string>({
      query: (token) => ({ url: `/unsubscribe/${encodeURIComponent(token)}`, method: 'POST', body: {} }),
    }),
  }),
});

export const {
  usePreferencesQuery,
  useSavePreferencesMutation,
  useLineBindUrlMutation,
  useLineUnbindMutation,
  useSendDeleteCodeMutation,
  useDeleteAccountMutation,
  useUnsubscribeMutation,
} = preferencesApi;
