import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getDevMailbox,
  getNotificationSettings,
  postNotificationSettingsDisable,
  postNotificationSettingsEnable,
  putPushSettings,
  type PushSettings,
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

/** One push category (or the digest) on or off; the switches follow the server's answer. */
export function useSetPushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<PushSettings>) => api(putPushSettings, { body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQueryOptions().queryKey }),
  });
}

/** The outbox, with the key printed at the server's start (`/dev/mailbox#key=…`) when there is one. */
export const mailboxQueryOptions = (key: string | null) =>
  queryOptions({
    queryKey: ['dev-mailbox', key],
    queryFn: () => api(getDevMailbox, { headers: key ? { 'x-mailbox-key': key } : {}, reportUnauthenticated: false }),
    refetchInterval: 5000,
    retry: false,
  });
