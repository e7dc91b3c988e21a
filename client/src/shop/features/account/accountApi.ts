import type { AddressesAnswer, CodeSentAnswer, EmailChangedAnswer, PasswordChangedAnswer, PhoneChangedAnswer, UserAnswer } from '@api/account';
import { baseApi } from '../../../shared/api/baseApi';
import { loggedOut, userUpdated } from '../auth/sessionSlice';
import type { RootState } from '../../../app/store';
import type { Address } from '../auth/userTypes';

export type { CodeSentAnswer, UserAnswer };

export interface ProfileInput {
  user_id: number;
  username: string;
  /** male | female | '' (undisclosed) */
  gender: string;
  /** YYYY-MM-DD or '' to clear */
  birthday: string;
}

export interface PasswordInput {
  user_id: number;
  account: string;
  currentPassword: string;
  newPassword: string;
  /** End the member's sessions on other devices too. */
  logoutOthers: boolean;
}

type Dispatch = (action: unknown) => unknown;

/**
 * The session ended on the server (expired, or logged out on another device): forget it here
 * too, so RequireMember sends the shopper to /login and brings them back afterwards.
 */
function forgetLostSession(error: unknown, dispatch: Dispatch) {
  const status = (error as { error?: { status?: unknown } } | undefined)?.error?.status;
  if (status === 401) dispatch(loggedOut());
}

async function watchSession(queryFulfilled: Promise<unknown>, dispatch: Dispatch) {
  try {
    await queryFulfilled;
  } catch (e) {
    forgetLostSession(e, dispatch);
  }
}

/** After a success: the store takes the server's copy of the member. */
async function keepUser(queryFulfilled: Promise<{ data: UserAnswer }>, dispatch: Dispatch) {
  try {
    const { data } = await queryFulfilled;
    if (data.success && data.user) dispatch(userUpdated(data.user));
  } catch (e) {
    // The screen shows the error; the stored profile stays as it was.
    forgetLostSession(e, dispatch);
  }
}

/**
 * The member's own data (spec 2 §7, spec 1 §7 updatePassword). The server takes the member from
 * the session; `user_id` is sent as the spec shows and must match it.
 */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<UserAnswer, ProfileInput>({
      query: (body) => ({ url: '/user/updateUser', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepUser(queryFulfilled, dispatch),
    }),
    sendEmailCode: build.mutation<CodeSentAnswer, { email: string }>({
      query: (body) => ({ url: '/email/send-code', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    updateEmail: build.mutation<EmailChangedAnswer, { user_id: number; email: string; code: string }>({
      query: (body) => ({ url: '/user/updateEmail', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepUser(queryFulfilled, dispatch),
    }),
    /** Phone change, step 1: `type: 'change'` sends the code to the new number (server: SendCodeDto). */
    sendPhoneCode: build.mutation<CodeSentAnswer, { phone: string }>({
      query: ({ phone }) => ({ url: '/phone/sendcode', method: 'POST', body: { type: 'change', phone } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    updatePhone: build.mutation<PhoneChangedAnswer, { user_id: number; phone: string; code: string }>({
      query: (body) => ({ url: '/user/updatePhone', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepUser(queryFulfilled, dispatch),
    }),
    /** Replaces the whole address book; the answer is the saved list (zips from the server's table). */
    updateAddresses: build.mutation<AddressesAnswer, { user_id: number; addresses: Address[] }>({
      query: (body) => ({ url: '/user/updateAddresses', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const user = (getState() as RootState).session.user;
          if (data.success && user) dispatch(userUpdated({ ...user, addresses: data.addresses }));
          else if (data.success) dispatch(baseApi.util.invalidateTags(['User']));
        } catch (e) {
          // Shown by the screen.
          forgetLostSession(e, dispatch);
        }
      },
    }),
    updatePassword: build.mutation<PasswordChangedAnswer, PasswordInput>({
      query: (body) => ({ url: '/user/updatePassword', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
  }),
});

export const {
  useUpdateUserMutation,
  useSendEmailCodeMutation,
  useUpdateEmailMutation,
  useSendPhoneCodeMutation,
  useUpdatePhoneMutation,
  useUpdateAddressesMutation,
  useUpdatePasswordMutation,
} = accountApi;
