import type {
  AdminPaymentUpdateAnswer,
  AdminSettingsAnswer,
  AdminSettingUpdateAnswer,
  AdminShippingActiveAnswer,
  AdminShippingSaveAnswer,
  ShippingMethodInput,
} from '@api/admin-settings';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/**
 * Shop settings (spec 3 §7 settings; server: src/modules/settings/admin-settings.*). Every write is
 * awaited by the screen; on success the cached `loadsettings` answer follows the server's row, so
 * the lists don't reload (and unsaved edits of other rows stay).
 */
export const settingsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    loadSettings: build.query<AdminSettingsAnswer, void>({
      query: () => '/admin/loadsettings',
      providesTags: ['AdminSettings'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    /** POST /api/admin/updatesettings {s_id, s_value}. */
    updateSetting: build.mutation<AdminSettingUpdateAnswer, { s_id: number; s_value: string }>({
      query: (body) => ({ url: '/admin/updatesettings', method: 'POST', body }),
      onQueryStarted: async (_a, { dispatch, queryFulfilled }) => {
        await watchAdminSession(queryFulfilled, dispatch);
        try {
          const { data } = await queryFulfilled;
          if (!data.success || !data.setting) return;
          const saved = data.setting;
          dispatch(
            settingsApi.util.updateQueryData('loadSettings', undefined, (draft) => {
              for (const s of draft.settings ?? []) if (s.id === saved.id) s.s_value = saved.s_value;
            }),
          );
        } catch {
          // the screen reports the failure
        }
      },
    }),
    /** POST /api/admin/updatepayment {payment_method_id, status}. */
    updatePayment: build.mutation<AdminPaymentUpdateAnswer, { payment_method_id: number; status: number }>({
      query: (body) => ({ url: '/admin/updatepayment', method: 'POST', body }),
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        await watchAdminSession(queryFulfilled, dispatch);
        try {
          const { data } = await queryFulfilled;
          if (!data.success) return;
          dispatch(
            settingsApi.util.updateQueryData('loadSettings', undefined, (draft) => {
              for (const p of draft.payment_methods ?? []) if (p.payment_method_id === arg.payment_method_id) p.status = arg.status;
            }),
          );
        } catch {
          // the screen reports the failure
        }
      },
    }),
    /** POST /api/admin/updateshipping_active {id, is_active}. */
    updateShippingActive: build.mutation<AdminShippingActiveAnswer, { id: number; is_active: number }>({
      query: (body) => ({ url: '/admin/updateshipping_active', method: 'POST', body }),
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        await watchAdminSession(queryFulfilled, dispatch);
        try {
          const { data } = await queryFulfilled;
          if (!data.success) return;
          dispatch(
            settingsApi.util.updateQueryData('loadSettings', undefined, (draft) => {
              for (const m of draft.shipping_methods ?? []) if (m.id === arg.id) m.is_active = arg.is_active;
            }),
          );
        } catch {
          // the screen reports the failure
        }
      },
    }),
    /** POST /api/admin/updateshipping {shipping_methods}: the full list; the answer is the saved list. */
    updateShipping: build.mutation<AdminShippingSaveAnswer, { shipping_methods: ShippingMethodInput[] }>({
      query: (body) => ({ url: '/admin/updateshipping', method: 'POST', body }),
      onQueryStarted: async (_a, { dispatch, queryFulfilled }) => {
        await watchAdminSession(queryFulfilled, dispatch);
        try {
          const { data } = await queryFulfilled;
          if (!data.success || !data.shipping_methods) return;
          const saved = data.shipping_methods;
          dispatch(
            settingsApi.util.updateQueryData('loadSettings', undefined, (draft) => {
              draft.shipping_methods = saved;
            }),
          );
        } catch {
          // the screen reports the failure
        }
      },
    }),
  }),
});

export const { useLoadSettingsQuery, useUpdateSettingMutation, useUpdatePaymentMutation, useUpdateShippingActiveMutation, useUpdateShippingMutation } = settingsApi;
