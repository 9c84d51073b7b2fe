import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fiscalYearOf } from '@renraku/contract/dates';
import {
  deleteStaffEvent,
  getStaffFacilityEvents,
  postStaffFacilityEvent,
  putStaffEvent,
  type StaffEventBody,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { facilityClassesQueryOptions } from '../../lib/classes';

const eventsKey = (facilityId: number) => ['staff', 'events', facilityId];

/** The facility's events of a month (every member reads them). */
export const eventsQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...eventsKey(facilityId), month],
    queryFn: ({ signal }) => api(getStaffFacilityEvents, { params: { facilityId }, query: { month }, signal }),
  });
export const useMonthEvents = (facilityId: number, month: string) => useQuery(eventsQueryOptions(facilityId, month));

/** The classes of the 年度 a month falls in: the targets an event can have. */
export const useEventClasses = (facilityId: number, month: string) => {
  const fiscalYear = fiscalYearOf(`${month}-01`);
  return useQuery(facilityClassesQueryOptions(facilityId, fiscalYear));
};

export function useSaveEvent(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StaffEventBody }) =>
      id === null
        ? api(postStaffFacilityEvent, { params: { facilityId }, body })
        : api(putStaffEvent, { params: { eventId: id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey(facilityId) }),
  });
}

export function useDeleteEvent(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => api(deleteStaffEvent, { params: { eventId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey(facilityId) }),
  });
}
