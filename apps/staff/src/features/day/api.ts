import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffClassBoard,
  getStaffFacilityDayVersion,
  getStaffFacilityInbox,
  postStaffAttendanceReportConfirm,
  postStaffContactBookConfirm,
  putStaffChildAttendance,
  putStaffContactBookReply,
  type Board,
  type ChildAttendanceBody,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { livePollMs, useLiveVersion } from '../../lib/use-live-version';

/** Every query of the day of a facility starts with this key: a change invalidates them all at once. */
const dayKey = (facilityId: number) => ['staff', 'day', facilityId] as const;

export const inboxQueryOptions = (facilityId: number, date: string, classId: number | null) =>
  queryOptions({
    queryKey: [...dayKey(facilityId), 'inbox', date, classId] as const,
    queryFn: ({ signal }) =>
      api(getStaffFacilityInbox, { params: { facilityId }, query: { date, class_id: classId ?? undefined }, signal }),
  });

export const useInbox = (facilityId: number, date: string, classId: number | null) =>
  useQuery(inboxQueryOptions(facilityId, date, classId));

export const boardQueryOptions = (facilityId: number, classId: number, date: string) =>
  queryOptions({
    queryKey: [...dayKey(facilityId), 'board', classId, date] as const,
    queryFn: ({ signal }) => api(getStaffClassBoard, { params: { classId }, query: { date }, signal }),
  });

export const useBoard = (facilityId: number, classId: number, date: string) =>
  useQuery(boardQueryOptions(facilityId, classId, date));

/** How often an open inbox or board asks whether anything changed (docs/decisions/day-live-updates.md). */
export const dayPollMs = livePollMs;

/**
 * At once, no reload: polls the day's fingerprint while the screen is visible (and at once when the
 * tablet wakes or the tab is shown again); a new fingerprint refetches the inbox and boards.
 */
export function useDayLive(facilityId: number, date: string) {
  useLiveVersion(
    ['staff', 'day-version', facilityId, date],
    (signal) => api(getStaffFacilityDayVersion, { params: { facilityId }, query: { date }, signal }),
    dayKey(facilityId),
  );
}

/** 確認 and replies answer the entry; the day's lists refetch. */
export function useInboxActions(facilityId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: dayKey(facilityId) });
  return {
    confirmReport: useMutation({
      mutationFn: (reportId: number) => api(postStaffAttendanceReportConfirm, { params: { reportId } }),
      onSuccess,
    }),
    confirmContactBook: useMutation({
      mutationFn: (contactBookId: number) => api(postStaffContactBookConfirm, { params: { contactBookId } }),
      onSuccess,
    }),
    reply: useMutation({
      mutationFn: ({ contactBookId, text }: { contactBookId: number; text: string }) =>
        api(putStaffContactBookReply, { params: { contactBookId }, body: { text } }),
      onSuccess,
    }),
  };
}

/** Actual arrival and pick-up; the answer is the board. */
export function useSaveAttendance(facilityId: number, classId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ChildAttendanceBody, 'date'>) =>
      api(putStaffChildAttendance, { params: { classId }, body: { ...body, date } }),
    onSuccess: (board: Board) => queryClient.setQueryData(boardQueryOptions(facilityId, classId, date).queryKey, board),
  });
}
