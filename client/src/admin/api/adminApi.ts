import type { AdminCheckAnswer, AdminLoginAnswer, AdminRole, TotpSetupAnswer } from '@api/admin';
import type { Envelope } from '@api/envelope';
import { baseApi } from '../../shared/api/baseApi';

/**
 * The back-office slice of the one RTK Query api (shared/api/baseApi.ts) with the admin tags.
 * Admin features inject their endpoints here (`adminApi.injectEndpoints`).
 */
export const adminApi = baseApi.enhanceEndpoints({
  addTagTypes: [
    'AdminSession', 'AdminMembers', 'AdminStaff', 'AdminAudit', 'AdminNotifications', 'AdminJobs',
    'AdminProducts', 'AdminProductTypes', 'AdminHome', 'AdminPages', 'AdminHtmlImages', 'AdminPosters', 'AdminSettings', 'AdminImages', 'AdminDashboard',
  ],
});

type Dispatch = (action: unknown) => unknown;

/** The HTTP status of an RTK Query error (a number, or 'FETCH_ERROR' and the like). */
export function adminErrorStatus(error: unknown): unknown {
  return error && typeof error === 'object' && 'status' in error ? (error as { status?: unknown }).status : undefined;
}

/**
 * A 401 from any admin call: the admin session ended on the server (expired, password reset,
 * disabled). The cached check says so, and the layout's guard sends the admin to /admin/login.
 */
export async function watchAdminSession(queryFulfilled: Promise<unknown>, dispatch: Dispatch): Promise<void> {
  try {
    await queryFulfilled;
  } catch (e) {
    if (adminErrorStatus((e as { error?: unknown } | undefined)?.error) === 401) {
      dispatch(sessionApi.util.upsertQueryData('checkLogin', undefined, { success: true, isLoggedIn: false }));
    }
  }
}

export interface AdminLoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
  otp?: string;
}

/** Sign-in, the session check, two-factor and your own password (spec 3 §4, §7; server: src/modules/staff). */
export const sessionApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/checkLogin: logged in, name, role. A 401 answer means logged out as well. */
    checkLogin: build.query<AdminCheckAnswer, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const r = await baseQuery('/admin/checkLogin');
        if (r.error) {
          if (r.error.status === 401) return { data: { success: true, isLoggedIn: false } };
          return { error: r.error };
        }
        return { data: r.data as AdminCheckAnswer };
      },
      providesTags: ['AdminSession'],
    }),
    adminLogin: build.mutation<AdminLoginAnswer, AdminLoginInput>({
      query: (body) => ({ url: '/admin/login', method: 'POST', body }),
    }),
    adminLogout: build.mutation<Envelope, void>({
      query: () => ({ url: '/admin/logout', method: 'POST' }),
    }),
    totpSetup: build.mutation<TotpSetupAnswer, void>({
      query: () => ({ url: '/admin/totp/setup', method: 'POST' }),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    totpEnable: build.mutation<Envelope, { code: string }>({
      query: (body) => ({ url: '/admin/totp/enable', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminSession'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    totpDisable: build.mutation<Envelope, { code: string }>({
      query: (body) => ({ url: '/admin/totp/disable', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminSession'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    /** POST /api/admin/password: your own password; your other sessions end, this one stays (5 checks per 15 min). */
    changeOwnPassword: build.mutation<Envelope, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/admin/password', method: 'POST', body }),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const {
  useCheckLoginQuery,
  useAdminLoginMutation,
  useAdminLogoutMutation,
  useTotpSetupMutation,
  useTotpEnableMutation,
  useTotpDisableMutation,
  useChangeOwnPasswordMutation,
} = sessionApi;

/** Roles allowed on a screen; the owner may do everything. */
export function roleAllows(role: AdminRole | undefined, roles: readonly AdminRole[] | undefined): boolean {
  if (!roles || roles.length === 0) return true;
  return role === 'owner' || (role !== undefined && roles.includes(role));
}
