import { baseApi, type Envelope } from '../../shared/api/baseApi';
import type { VersionsAnswer } from './siteSlice';

export interface VersionsRequest {
  cartVersion?: string;
  /** Spelt so by the API (spec 3 §7). */
  settionsVersion?: string;
  localPostersVersion?: string;
}

export interface VersionsResponse extends Envelope, VersionsAnswer {
  isClearCart: boolean;
}

export const versionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    checkVersions: build.mutation<VersionsResponse, VersionsRequest>({
      query: (body) => ({ url: '/load/versions', method: 'POST', body }),
    }),
  }),
});
