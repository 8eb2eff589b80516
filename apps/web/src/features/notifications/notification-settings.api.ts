import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsUpdate } from '@motema/shared/notifications';
import { api } from '../../lib/api-client.ts';
import { usersKeys } from '../users/users.api.ts';

/** The member's notification choices (the same on every device). */
export const NOTIFICATION_SETTINGS_KEY = ['notifications', 'settings'] as const;

export function useNotificationSettingsQuery() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: ({ signal }) => api<NotificationSettings>('/notifications/settings', { signal }),
  });
}

/**
 * Saves one change at once (a switch, the quiet hours). The screen shows the change before the
 * answer; a refusal puts back what the server holds, and the page says why.
 */
export function useUpdateNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationSettingsUpdate) =>
      api<NotificationSettings>('/notifications/settings', { method: 'PUT', body: update }),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
      const before = queryClient.getQueryData<NotificationSettings>(NOTIFICATION_SETTINGS_KEY);
      if (before) queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, { ...before, ...update });
      return { before };
    },
    onError: (_error, _update, context) => {
      if (context?.before) queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, context.before);
      // Another change may have been saved meanwhile: the server's copy is the truth.
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
    },
    onSuccess: (settings, update) => {
      queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, settings);
      // `discreet` is the member's discreet mode (Settings > Privacy, the tab title): their profile has it.
      if (update.discreet !== undefined) void queryClient.invalidateQueries({ queryKey: usersKeys.me });
    },
    meta: { form: true },
  });
}
