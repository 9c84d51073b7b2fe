import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStaffDevice, getStaffDeviceNapStatus, postStaffDevicePair, postStaffDeviceUnlock } from '@renraku/contract/staff';
import { api } from '../../../lib/api';
import { statusOf } from '@renraku/ui/api';
import { setPairedDevice } from '../../../lib/device-flag';
import { staffMeQueryOptions } from '../../../lib/staff-session';

/** Exchanges the pairing code for the tablet's credential (an HttpOnly cookie). */
export function usePairDevice() {
  return useMutation({
    mutationFn: (code: string) => api(postStaffDevicePair, { body: { code }, reportUnauthenticated: false }),
    onSuccess: () => setPairedDevice(true),
  });
}

/** This tablet and who may unlock it; null when it is not (or no longer) paired. */
export function useThisDevice() {
  return useQuery({
    queryKey: ['staff', 'device'],
    queryFn: async ({ signal }) => {
      try {
        return await api(getStaffDevice, { signal, reportUnauthenticated: false });
      } catch (error) {
        if (statusOf(error) === 401) {
          setPairedDevice(false);
          return null;
        }
        throw error;
      }
    },
    staleTime: 0,
  });
}

/** A staff member's PIN opens a PIN session; what was cached for the previous person goes. */
export function useUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; pin: string }) => api(postStaffDeviceUnlock, { body, reportUnauthenticated: false }),
    onSuccess: async () => {
      const meKey = staffMeQueryOptions().queryKey;
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(meKey) });
      await queryClient.fetchQuery({ ...staffMeQueryOptions(), staleTime: 0 });
    },
  });
}

/**
 * The PIN pad's nap line: this tablet's running naps with whose check is due, by the device cookie
 * alone; re-read every 15 seconds (a check made on another tablet shows), nothing when not paired.
 */
export function useDeviceNapStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'device', 'nap-status'],
    queryFn: ({ signal }) => api(getStaffDeviceNapStatus, { signal, reportUnauthenticated: false }),
    enabled,
    refetchInterval: 15_000,
    retry: false,
  });
}
