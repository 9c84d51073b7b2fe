import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffScheduleMonth,
  getStaffSchedulePlan,
  getStaffSchedulesVersion,
  postStaffScheduleReminders,
  postStaffScheduleWindow,
  postStaffScheduleWindowClose,
  putStaffScheduleWindow,
  staffSchedulePlanCsvPath,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { buildPath } from '@renraku/ui/api';
import { useLiveVersion } from '../../lib/use-live-version';

const schedulesKey = (facilityId: number) => ['staff', 'schedules', facilityId];

/** The open month follows guardians' registrations without a reload (as the class board). */
export const useSchedulesLive = (facilityId: number, month: string) =>
  useLiveVersion(
    ['staff', 'schedules-version', facilityId, month],
    (signal) => api(getStaffSchedulesVersion, { params: { facilityId }, query: { month }, signal }),
    schedulesKey(facilityId),
  );

/** A month's window, its proposal and each child's registration state (every member reads). */
export const scheduleMonthQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...schedulesKey(facilityId), 'month', month],
    queryFn: ({ signal }) => api(getStaffScheduleMonth, { params: { facilityId }, query: { month }, signal }),
  });
export const useScheduleMonth = (facilityId: number, month: string) => useQuery(scheduleMonthQueryOptions(facilityId, month));

export const schedulePlanQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...schedulesKey(facilityId), 'plan', month],
    queryFn: ({ signal }) => api(getStaffSchedulePlan, { params: { facilityId }, query: { month }, signal }),
  });
export const useSchedulePlan = (facilityId: number, month: string) => useQuery(schedulePlanQueryOptions(facilityId, month));

/** The plan as CSV (per day or per child and day). */
export const schedulePlanCsvUrl = (facilityId: number, month: string, view: 'days' | 'children') =>
  buildPath(staffSchedulePlanCsvPath, { facilityId }, { month, view });

function useInvalidate(facilityId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: schedulesKey(facilityId) });
}

export function useSaveWindow(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: ({
      id,
      month,
      deadline,
      open_days,
    }: {
      id: number | null;
      month: string;
      deadline: string;
      open_days: string[];
    }) =>
      id === null
        ? api(postStaffScheduleWindow, { params: { facilityId }, body: { month, deadline, open_days } })
        : api(putStaffScheduleWindow, { params: { windowId: id }, body: { deadline, open_days } }),
    onSuccess: invalidate,
  });
}

export function useCloseWindow(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (windowId: number) => api(postStaffScheduleWindowClose, { params: { windowId } }),
    onSuccess: invalidate,
  });
}

export function useRemind(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (windowId: number) => api(postStaffScheduleReminders, { params: { windowId } }),
    onSuccess: invalidate,
  });
}
