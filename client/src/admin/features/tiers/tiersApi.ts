import type { AdminTiersAnswer, PointsRulesView, TierView } from '@api/rewards';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** A tier as PUT sends it: `id` absent for a new one. */
export type TierInput = Omit<TierView, 'id'> & { id?: number };

export interface TiersInput {
  tiers: TierInput[];
  rules: PointsRulesView;
}

const watch = (_a: unknown, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) =>
  watchAdminSession(queryFulfilled, dispatch);

/** 會員等級 and the points rules (spec 4 §2, §7; owner; server: src/modules/rewards). */
export const tiersApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminTiers'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/tiers: the tiers (lowest first) and the points rules. */
    adminTiers: build.query<AdminTiersAnswer, void>({
      query: () => '/admin/tiers',
      providesTags: ['AdminTiers'],
      onQueryStarted: watch,
    }),
    /** PUT /api/admin/tiers: the whole set; a refusal answers errors[] by field. */
    saveTiers: build.mutation<AdminTiersAnswer, TiersInput>({
      query: (body) => ({ url: '/admin/tiers', method: 'PUT', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminTiers'] : []),
      onQueryStarted: watch,
    }),
  }),
});

export const { useAdminTiersQuery, useSaveTiersMutation } = tiersApi;
