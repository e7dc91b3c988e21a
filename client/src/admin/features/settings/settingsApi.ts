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
type Dispatch = (action: unknown) => unknown;

/**
 * A write's onQueryStarted: the session watch, then — once the server says success — `patch`
 * applied to the cached `loadsettings` answer (the failure is the screen's to report).
 */
function patchOnSuccess<A, R extends { success: boolean }>(patch: (draft: AdminSettingsAnswer, answer: R, arg: A) => void) {
  return async (arg: A, { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: R }> }) => {
    await watchAdminSession(queryFulfilled, dispatch);
    try {
      const { data } = await queryFulfilled;
      if (data.success) dispatch(settingsApi.util.updateQueryData('loadSettings', undefined, (draft) => patch(draft, data, arg)));
    } catch {
      // the screen reports the failure
    }
  };
}

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
      onQueryStarted: patchOnSuccess<{ s_id: number; s_value: string }, AdminSettingUpdateAnswer>((draft, { setting }) => {
        if (setting) for (const s of draft.settings ?? []) if (s.id === setting.id) s.s_value = setting.s_value;
      }),
    }),
    /** POST /api/admin/updatepayment {payment_method_id, status}. */
    updatePayment: build.mutation<AdminPaymentUpdateAnswer, { payment_method_id: number; status: number }>({
      query: (body) => ({ url: '/admin/updatepayment', method: 'POST', body }),
      onQueryStarted: patchOnSuccess<{ payment_method_id: number; status: number }, AdminPaymentUpdateAnswer>((draft, _r, arg) => {
        for (const p of draft.payment_methods ?? []) if (p.payment_method_id === arg.payment_method_id) p.status = arg.status;
      }),
    }),
    /** POST /api/admin/updateshipping_active {id, is_active}. */
    updateShippingActive: build.mutation<AdminShippingActiveAnswer, { id: number; is_active: number }>({
      query: (body) => ({ url: '/admin/updateshipping_active', method: 'POST', body }),
      onQueryStarted: patchOnSuccess<{ id: number; is_active: number }, AdminShippingActiveAnswer>((draft, _r, arg) => {
        for (const m of draft.shipping_methods ?? []) if (m.id === arg.id) m.is_active = arg.is_active;
      }),
    }),
    /** POST /api/admin/updateshipping {shipping_methods}: the full list; the answer is the saved list. */
    updateShipping: build.mutation<AdminShippingSaveAnswer, { shipping_methods: ShippingMethodInput[] }>({
      query: (body) => ({ url: '/admin/updateshipping', method: 'POST', body }),
      onQueryStarted: patchOnSuccess<{ shipping_methods: ShippingMethodInput[] }, AdminShippingSaveAnswer>((draft, { shipping_methods }) => {
        if (shipping_methods) draft.shipping_methods = shipping_methods;
      }),
    }),
  }),
});

export const { useLoadSettingsQuery, useUpdateSettingMutation, useUpdatePaymentMutation, useUpdateShippingActiveMutation, useUpdateShippingMutation } = settingsApi;
