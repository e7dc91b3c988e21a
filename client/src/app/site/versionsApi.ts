import type { VersionsAnswer } from '@api/content';
import { baseApi } from '../../shared/api/baseApi';

export interface VersionsRequest {
  cartVersion?: string;
  /** Spelt so by the API (spec 3 §7). */
  settionsVersion?: string;
  localPostersVersion?: string;
}

export const versionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    checkVersions: build.mutation<VersionsAnswer, VersionsRequest>({
      query: (body) => ({ url: '/load/versions', method: 'POST', body }),
    }),
  }),
});
