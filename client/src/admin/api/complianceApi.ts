import type { ClaimPhrase } from '@api/compliance';
import type { Envelope } from '@api/envelope';
import type { PrivacyRequestsAnswer } from '@api/privacy';
import { adminApi, watchAdminSession } from './adminApi';

/** `GET /api/admin/claim-phrases`: the claims list (settings `CLAIM_PHRASES`), every admin role. */
export type ClaimPhrasesAnswer = Envelope<{ phrases: ClaimPhrase[] }>;
/** `PUT /api/admin/claim-phrases {phrases}` (owner, staff) → 已儲存 and the stored list; a refusal may name rows in `errors`. */
export type SaveClaimPhrasesAnswer = Envelope<{ phrases?: ClaimPhrase[]; errors?: Array<{ field: string; message: string }> }>;

/** Rows a page of 個資請求紀錄. */
export const PRIVACY_PAGE_SIZE = 20;

const watch = (_a: unknown, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) =>
  watchAdminSession(queryFulfilled, dispatch);

/**
 * The cosmetics law's claims list and the personal-data log (issue 22 §4, §5; spec 4 §4; servers:
 * src/modules/claims, src/modules/privacy). Endpoint names are unique across the one api (admin and shop).
 */
export const complianceApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminClaimPhrases', 'AdminPrivacyRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/claim-phrases: cached for the session's forms (one load serves every check). */
    adminClaimPhrases: build.query<ClaimPhrasesAnswer, void>({
      query: () => '/admin/claim-phrases',
      providesTags: ['AdminClaimPhrases'],
      keepUnusedDataFor: 600,
      onQueryStarted: watch,
    }),
    /** PUT /api/admin/claim-phrases {phrases}: the whole list; the cached list follows the answer. */
    saveAdminClaimPhrases: build.mutation<SaveClaimPhrasesAnswer, { phrases: ClaimPhrase[] }>({
      query: (body) => ({ url: '/admin/claim-phrases', method: 'PUT', body }),
      onQueryStarted: async (_a, { dispatch, queryFulfilled }) => {
        await watchAdminSession(queryFulfilled, dispatch);
        try {
          const { data } = await queryFulfilled;
          if (data.success && data.phrases) {
            const phrases = data.phrases;
            dispatch(complianceApi.util.upsertQueryData('adminClaimPhrases', undefined, { success: true, phrases }));
          }
        } catch {
          // the screen reports the failure
        }
      },
    }),
    /** GET /api/admin/privacy-requests?limit&offset: exports and deletions, newest first (owner, staff). */
    adminPrivacyRequests: build.query<PrivacyRequestsAnswer, { limit: number; offset: number }>({
      query: (params) => ({ url: '/admin/privacy-requests', params }),
      providesTags: ['AdminPrivacyRequests'],
      onQueryStarted: watch,
    }),
  }),
});

export const { useAdminClaimPhrasesQuery, useSaveAdminClaimPhrasesMutation, useAdminPrivacyRequestsQuery } = complianceApi;
