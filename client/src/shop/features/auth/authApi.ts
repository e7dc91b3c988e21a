import type { CodeSentAnswer, LoginAnswer, ProvidersAnswer, SocialProvider } from '@api/account';
import { baseApi, type Envelope } from '../../../shared/api/baseApi';

export type { SocialProvider };

/** Login, registration, forgot password and social-login calls (spec 1 §7; server: src/modules/auth, phone-verification). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    basicLogin: build.mutation<LoginAnswer, { account: string; password: string }>({
      query: (body) => ({ url: '/login/basic-login', method: 'POST', body }),
    }),
    /** `marketing_consent` 1 = the unticked box 我同意接收優惠與活動通知 was ticked (issue 22 §1; default 0). */
    register: build.mutation<LoginAnswer, { phone: string; password: string; marketing_consent: 0 | 1 }>({
      query: (body) => ({ url: '/user/register', method: 'POST', body }),
    }),
    sendCode: build.mutation<CodeSentAnswer, { phone: string }>({
      query: ({ phone }) => ({ url: '/phone/sendcode', method: 'POST', body: { type: 'register', phone } }),
    }),
    verifyCode: build.mutation<Envelope, { phone: string; code: string; type?: 'forgot' }>({
      query: (body) => ({ url: '/phone/verifycode', method: 'POST', body }),
    }),
    forgotSendCode: build.mutation<CodeSentAnswer, { phone: string }>({
      query: (body) => ({ url: '/phone/forgot-sendcode', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Envelope, { phone: string; newPassword: string }>({
      query: (body) => ({ url: '/user/resetPassword', method: 'POST', body }),
    }),
    stateSave: build.mutation<Envelope, { state: string }>({
      query: (body) => ({ url: '/login/state-save', method: 'POST', body }),
    }),
    socialProviders: build.query<Record<SocialProvider, boolean>, void>({
      query: () => '/login/providers',
      transformResponse: (answer: ProvidersAnswer) => answer.providers,
    }),
  }),
});

export const {
  useBasicLoginMutation,
  useRegisterMutation,
  useSendCodeMutation,
  useVerifyCodeMutation,
  useForgotSendCodeMutation,
  useResetPasswordMutation,
  useStateSaveMutation,
  useSocialProvidersQuery,
} = authApi;
