import type { NotificationSettingsAnswer } from '@api/admin';
import type { Envelope } from '@api/envelope';
import { adminApi, watchAdminSession } from './adminApi';

export interface NotificationSettingInput {
  setting_type: string;
  /** The only channel so far. */
  field: 'is_telegram';
  value: number;
}

/** Staff alerts (spec 3 §7; server: src/modules/settings/admin-*.ts, staff-alerts*.ts). */
export const notificationsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    loadNotificationsSettings: build.query<NotificationSettingsAnswer, void>({
      query: () => '/admin/loadNotificationsSettings',
      providesTags: ['AdminNotifications'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    /** The cached list follows a successful change (no reload of the whole list). */
    updateNotificationSetting: build.mutation<Envelope, NotificationSettingInput>({
      query: (body) => ({ url: '/admin/updateNotificationSetting', method: 'POST', body }),
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        await watchAdminSession(queryFulfilled, dispatch);
        try {
          const { data } = await queryFulfilled;
          if (!data.success) return;
          dispatch(
            notificationsApi.util.updateQueryData('loadNotificationsSettings', undefined, (draft) => {
              for (const s of draft.notificationsSettings ?? []) if (s.setting_type === arg.setting_type) s[arg.field] = arg.value;
            }),
          );
        } catch {
          // the screen reports the failure
        }
      },
    }),
  }),
});

export const { useLoadNotificationsSettingsQuery, useUpdateNotificationSettingMutation } = notificationsApi;
