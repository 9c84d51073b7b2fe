import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getDevMailbox,
  getNotificationSettings,
  postNotificationSettingsDisable,
  postNotificationSettingsEnable,
} from '@renraku/contract/client';
import { api } from '../../lib/api';

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['notification-settings'], queryFn: () => api(getNotificationSettings) });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());

/** On → the disable call, off → the enable call (A §4); the toggle follows the server's answer. */
export function useSetEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api(enabled ? postNotificationSettingsEnable : postNotificationSettingsDisable),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQueryOptions().queryKey }),
  });
}

export const mailboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev-mailbox'], queryFn: () => api(getDevMailbox), refetchInterval: 5000 });
