import type { AdminRole, AuditLogsAnswer, RefundSettingsAnswer, StaffListAnswer } from '@api/admin';
import type { Envelope } from '@api/envelope';
import { adminApi, watchAdminSession } from './adminApi';

export interface NewStaff {
  username: string;
  display_name: string;
  role: AdminRole;
  password: string;
}

export interface StaffChange {
  id: number;
  display_name: string;
  role: AdminRole;
  is_active: number;
}

export interface AuditQuery {
  limit: number;
  offset: number;
  entity?: string;
  entity_id?: string;
  admin_id?: number;
}

/** Staff accounts and the audit trail (owner; server: src/modules/staff, src/modules/audit). */
export const staffApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    staffList: build.query<StaffListAnswer, void>({
      query: () => '/admin/staff',
      providesTags: ['AdminStaff'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    createStaff: build.mutation<Envelope, NewStaff>({
      query: (body) => ({ url: '/admin/staff', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminStaff', 'AdminAudit'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    updateStaff: build.mutation<Envelope, StaffChange>({
      query: ({ id, ...body }) => ({ url: `/admin/staff/${id}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminStaff', 'AdminAudit'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    resetStaffPassword: build.mutation<Envelope, { id: number; password: string }>({
      query: ({ id, password }) => ({ url: `/admin/staff/${id}/password`, method: 'POST', body: { password } }),
      invalidatesTags: (r) => (r?.success ? ['AdminAudit'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    /** For an admin who lost their authenticator: two-factor off, sessions ended (owner). */
    resetStaffTotp: build.mutation<Envelope, { id: number }>({
      query: ({ id }) => ({ url: `/admin/staff/${id}/totp/reset`, method: 'POST' }),
      invalidatesTags: (r) => (r?.success ? ['AdminStaff', 'AdminAudit'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    /** The most a staff member may refund at once (NT$; owners have no limit). Server: src/modules/refunds. */
    refundSettings: build.query<RefundSettingsAnswer, void>({
      query: () => '/admin/refundSettings',
      providesTags: ['AdminStaff'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    updateRefundSettings: build.mutation<RefundSettingsAnswer, { staffRefundLimit: number }>({
      query: (body) => ({ url: '/admin/updateRefundSettings', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminStaff', 'AdminAudit'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    auditLogs: build.query<AuditLogsAnswer, AuditQuery>({
      query: (params) => ({ url: '/admin/auditLogs', params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: ['AdminAudit'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useStaffListQuery, useCreateStaffMutation, useUpdateStaffMutation, useResetStaffPasswordMutation, useResetStaffTotpMutation, useRefundSettingsQuery, useUpdateRefundSettingsMutation, useAuditLogsQuery } =
  staffApi;
