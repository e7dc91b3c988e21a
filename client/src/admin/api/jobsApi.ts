import type { JobsListAnswer, JobsOverviewAnswer, JobStateName } from '@api/admin';
import type { Envelope } from '@api/envelope';
import { adminApi, watchAdminSession } from './adminApi';

export interface JobsListQuery {
  queue: string;
  state: JobStateName;
  limit: number;
}

export interface JobRef {
  queue: string;
  jobId: string;
}

/** The operators' job view (issue 11; server: src/modules/jobs-admin). Same answers for both job drivers. */
export const jobsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    jobsOverview: build.query<JobsOverviewAnswer, void>({
      query: () => '/admin/jobs',
      providesTags: ['AdminJobs'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    jobsList: build.query<JobsListAnswer, JobsListQuery>({
      query: (params) => ({ url: '/admin/jobs/list', params }),
      providesTags: ['AdminJobs'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    retryJob: build.mutation<Envelope, JobRef>({
      query: (body) => ({ url: '/admin/jobs/retry', method: 'POST', body }),
      invalidatesTags: ['AdminJobs'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    removeJob: build.mutation<Envelope, JobRef>({
      query: (body) => ({ url: '/admin/jobs/remove', method: 'POST', body }),
      invalidatesTags: ['AdminJobs'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useJobsOverviewQuery, useJobsListQuery, useRetryJobMutation, useRemoveJobMutation } = jobsApi;
