import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffMyClock,
  getStaffMyShifts,
  getStaffRatioDay,
  getStaffRatioNow,
  getStaffRatioVersion,
  getStaffStaffingSettings,
  getStaffTimeEntries,
  postStaffClock,
  postStaffTimeEntry,
  postStaffTimeEntryVoid,
  putStaffClassRoom,
  putStaffStaffingSettings,
  staffWorkRecordsCsvPath,
  getStaffShiftMonth,
  postStaffShiftPattern,
  postStaffShiftGenerate,
  postStaffShiftPublish,
  putStaffShift,
  getStaffRatioMonth,
  getStaffShiftRatio,
  staffRatioMonthCsvPath,
  getStaffWorkingConditions,
  getStaffShiftPatterns,
  putStaffWorkingConditions,
  type ShiftMonth,
  type WorkingConditionsBody,
  type ClockKind,
  type RatioFacilityType,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { useLiveVersion } from '../../lib/use-live-version';
import { buildPath } from '@renraku/ui/api';

/**
 * The live ratio's fingerprint is polled this often while the screen is visible; the ratio is
 * refetched when it moves (docs/decisions/staffing-live-ratio.md).
 */
export const ratioPollMs = 3_000;

const root = (facilityId: number) => ['staff', 'staffing', facilityId] as const;

export const ratioNowQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...root(facilityId), 'ratio'],
    queryFn: ({ signal }) => api(getStaffRatioNow, { params: { facilityId }, signal }),
  });
export function useRatioNow(facilityId: number) {
  useLiveVersion(
    ['staff', 'ratio-version', facilityId],
    (signal) => api(getStaffRatioVersion, { params: { facilityId }, signal }),
    ratioNowQueryOptions(facilityId).queryKey,
    ratioPollMs,
  );
  return useQuery(ratioNowQueryOptions(facilityId));
}

export const ratioDayQueryOptions = (facilityId: number, date: string) =>
  queryOptions({
    queryKey: [...root(facilityId), 'day', date],
    queryFn: ({ signal }) => api(getStaffRatioDay, { params: { facilityId }, query: { date }, signal }),
  });
export const useRatioDay = (facilityId: number, date: string) =>
  useQuery({ ...ratioDayQueryOptions(facilityId, date), refetchInterval: 60_000 });

export const myClockQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...root(facilityId), 'clock'],
    queryFn: ({ signal }) => api(getStaffMyClock, { params: { facilityId }, signal }),
  });
export const useMyClock = (facilityId: number, enabled: boolean) => useQuery({ ...myClockQueryOptions(facilityId), enabled });

/** One's own published shifts of a month (わたしの勤務). */
export const useMyShifts = (facilityId: number, month: string, enabled: boolean) =>
  useQuery({
    queryKey: [...root(facilityId), 'my-shifts', month],
    queryFn: ({ signal }) => api(getStaffMyShifts, { params: { facilityId }, query: { month }, signal }),
    enabled,
  });

export function useClock(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ClockKind) => api(postStaffClock, { params: { facilityId }, body: { kind } }),
    onSuccess: (clock) => {
      queryClient.setQueryData(myClockQueryOptions(facilityId).queryKey, clock);
      void queryClient.invalidateQueries({ queryKey: ratioNowQueryOptions(facilityId).queryKey });
    },
  });
}

export function useMoveToRoom(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, userId }: { classId: number; userId: number }) =>
      api(putStaffClassRoom, { params: { classId }, body: { user_id: userId } }),
    onSuccess: (ratio) => {
      queryClient.setQueryData(ratioNowQueryOptions(facilityId).queryKey, ratio);
      void queryClient.invalidateQueries({ queryKey: myClockQueryOptions(facilityId).queryKey });
    },
  });
}

export const timeEntriesQueryOptions = (facilityId: number, date: string) =>
  queryOptions({
    queryKey: [...root(facilityId), 'entries', date],
    queryFn: ({ signal }) => api(getStaffTimeEntries, { params: { facilityId }, query: { date }, signal }),
  });
export const useTimeEntries = (facilityId: number, date: string) => useQuery(timeEntriesQueryOptions(facilityId, date));

export function useCorrections(facilityId: number, date: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: root(facilityId) });
  return {
    add: useMutation({
      mutationFn: (body: { user_id: number; kind: ClockKind; time: string; reason: string }) =>
        api(postStaffTimeEntry, { params: { facilityId }, body: { ...body, date } }),
      onSuccess: refresh,
    }),
    void: useMutation({
      mutationFn: ({ entryId, reason }: { entryId: number; reason: string }) =>
        api(postStaffTimeEntryVoid, { params: { entryId }, body: { reason } }),
      onSuccess: refresh,
    }),
  };
}

export const staffingSettingsQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...root(facilityId), 'settings'],
    queryFn: ({ signal }) => api(getStaffStaffingSettings, { params: { facilityId }, signal }),
  });
export const useStaffingSettings = (facilityId: number) => useQuery(staffingSettingsQueryOptions(facilityId));

export function useSaveStaffingSettings(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { facility_type: RatioFacilityType; one_year_improvement: boolean }) =>
      api(putStaffStaffingSettings, { params: { facilityId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root(facilityId) }),
  });
}

export const workRecordsCsvUrl = (facilityId: number, month: string) =>
  buildPath(staffWorkRecordsCsvPath, { facilityId }, { month });

export const shiftMonthQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...root(facilityId), 'shifts', month],
    queryFn: ({ signal }) => api(getStaffShiftMonth, { params: { facilityId }, query: { month }, signal }),
  });
export const useShiftMonth = (facilityId: number, month: string) => useQuery(shiftMonthQueryOptions(facilityId, month));

/** The month's planned ratio (シフト表's red slots), for those who edit the table. */
export const shiftRatioQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...root(facilityId), 'shift-ratio', month],
    queryFn: ({ signal }) => api(getStaffShiftRatio, { params: { facilityId }, query: { month }, signal }),
  });
export const useShiftRatio = (facilityId: number, month: string, enabled: boolean) =>
  useQuery({ ...shiftRatioQueryOptions(facilityId, month), enabled, placeholderData: (previous) => previous });

/** The month's report and 1歳児配置改善加算 self-check (the printable page). */
export const useRatioMonth = (facilityId: number, month: string) =>
  useQuery({
    queryKey: [...root(facilityId), 'month', month],
    queryFn: ({ signal }) => api(getStaffRatioMonth, { params: { facilityId }, query: { month }, signal }),
  });
export const ratioMonthCsvUrl = (facilityId: number, month: string) =>
  buildPath(staffRatioMonthCsvPath, { facilityId }, { month });

/** A cell, a new pattern and publishing answer (or change) the month: the cache follows, the red slots are asked again. */
export function useShiftEdits(facilityId: number, month: string) {
  const queryClient = useQueryClient();
  const key = shiftMonthQueryOptions(facilityId, month).queryKey;
  const set = (data: ShiftMonth) => {
    queryClient.setQueryData(key, data);
    void queryClient.invalidateQueries({ queryKey: shiftRatioQueryOptions(facilityId, month).queryKey });
  };
  return {
    cell: useMutation({
      mutationFn: (body: { user_id: number; date: string; pattern_id: number | null }) =>
        api(putStaffShift, { params: { facilityId }, body }),
      onSuccess: set,
    }),
    pattern: useMutation({
      mutationFn: (body: { code: string; start: string; end: string; break_minutes: number }) =>
        api(postStaffShiftPattern, { params: { facilityId }, body }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    }),
    publish: useMutation({
      mutationFn: () => api(postStaffShiftPublish, { params: { facilityId }, body: { month } }),
      onSuccess: set,
    }),
    generate: useMutation({
      mutationFn: () => api(postStaffShiftGenerate, { params: { facilityId, month } }),
      onSuccess: (draft) => set(draft.table),
    }),
  };
}

/** 勤務条件 of one person (the シフト表's dialog; the draft keeps them). */
export const workingConditionsQueryOptions = (facilityId: number, userId: number) =>
  queryOptions({
    queryKey: [...root(facilityId), 'conditions', userId],
    queryFn: ({ signal }) => api(getStaffWorkingConditions, { params: { facilityId, userId }, signal }),
  });
export const useWorkingConditions = (facilityId: number, userId: number) =>
  useQuery(workingConditionsQueryOptions(facilityId, userId));

export function useSaveWorkingConditions(facilityId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkingConditionsBody) => api(putStaffWorkingConditions, { params: { facilityId, userId }, body }),
    onSuccess: (data) => queryClient.setQueryData(workingConditionsQueryOptions(facilityId, userId).queryKey, data),
  });
}

/** The facility's patterns (わたしの勤務条件 names the ones one may work). */
export const useShiftPatterns = (facilityId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...root(facilityId), 'patterns'],
    queryFn: ({ signal }) => api(getStaffShiftPatterns, { params: { facilityId }, signal }),
    enabled,
  });
