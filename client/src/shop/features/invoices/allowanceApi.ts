import type { AllowanceConsentAnswer } from '@api/invoice-allowances';
import { baseApi } from '../../../shared/api/baseApi';

/**
 * The e-invoice allowance consent (issue 19 §4): reached from the refund mail without login; the
 * random token in the link is the only key.
 */
export const allowanceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAllowance: build.query<AllowanceConsentAnswer, string>({
      query: (token) => `/invoice-allowances/${encodeURIComponent(token)}`,
    }),
    /** 同意電子折讓: the server keeps the time and IP and issues the allowance. */
    consentAllowance: build.mutation<AllowanceConsentAnswer, string>({
      query: (token) => ({ url: `/invoice-allowances/${encodeURIComponent(token)}`, method: 'POST', body: {} }),
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(allowanceApi.util.upsertQueryData('getAllowance', token, data));
        } catch {
          // the page shows the error
        }
      },
    }),
  }),
});

export const { useGetAllowanceQuery, useConsentAllowanceMutation } = allowanceApi;
