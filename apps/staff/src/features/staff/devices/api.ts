import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '@renraku/contract/client';
import { deleteStaffDevice, getStaffDevices, postStaffDevice } from '@renraku/contract/staff';
import { api } from '../../../lib/api';
import { facilityClassesQueryOptions } from '../../../lib/classes';

export const devicesQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: ['staff', 'devices', facilityId],
    queryFn: ({ signal }) => api(getStaffDevices, { params: { facilityId }, signal }),
  });

export function useDevices(facilityId: number) {
  return useQuery(devicesQueryOptions(facilityId));
}

/** The facility's classes of this fiscal year: a tablet may belong to one. */
export function useClassesForDevices(facilityId: number) {
  return useQuery(facilityClassesQueryOptions(facilityId));
}

/** Registers a tablet: answers its one-time pairing code. */
export function useAddDevice(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postStaffDevice>) => api(postStaffDevice, { params: { facilityId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryOptions(facilityId).queryKey }),
  });
}

/** Revokes a tablet: its credential and PIN sessions end at once. */
export function useRevokeDevice(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) => api(deleteStaffDevice, { params: { deviceId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryOptions(facilityId).queryKey }),
  });
}
