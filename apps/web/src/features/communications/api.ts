import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCheckTargetDate,
  getChildAttendances,
  getChildIsAbsence,
  getChildrenDiseases,
  getFamiliesInformation,
  limits,
  postFamiliesInformationConfirm,
  postScheduleByDate,
  type AbsenceForm,
  type AttendanceBody,
  type ContactBookPayload,
} from '@renraku/contract/client';
import { api } from '../../lib/api';
import { isNetworkFailure, sendOrQueue } from '../../lib/send-queue';

/** The attendance client: 5000 ms timeout, and a 401 goes to /login (F §6, §9). */
const timeout = () => AbortSignal.timeout(limits.requestTimeoutMs);

export const familyInformationQueryOptions = (date: string | undefined) =>
  queryOptions({
    queryKey: ['families-information', date ?? 'today'],
    queryFn: () => api(getFamiliesInformation, { query: date ? { date } : {} }),
    staleTime: 0,
  });
export const useFamilyInformation = (date: string | undefined) => useQuery(familyInformationQueryOptions(date));

export function useConfirmContactBook() {
  return useMutation({
    // Offline the server's check waits for the send itself (which it makes again): the guardian goes
    // on to the confirm page, and a refused send comes back on the queued item.
    mutationFn: (body: ContactBookPayload) =>
      api(postFamiliesInformationConfirm, { body }).catch((error: unknown) => {
        if (isNetworkFailure(error)) return { result: true };
        throw error;
      }),
    networkMode: 'always',
  });
}

export function useSaveContactBook() {
  const queryClient = useQueryClient();
  return useMutation({
    // Without a network the draft or the send waits on the device (送信待ち).
    mutationFn: ({ childId, ...body }: ContactBookPayload) => sendOrQueue('contactBook', Number(childId), body),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyInformationQueryOptions(undefined).queryKey.slice(0, 1) }),
  });
}

export const diseasesQueryOptions = () =>
  queryOptions({ queryKey: ['diseases'], queryFn: () => api(getChildrenDiseases, { signal: timeout() }), staleTime: Infinity });
export const useDiseases = () => useQuery(diseasesQueryOptions());

export const attendancesQueryOptions = (childId: number | undefined, type: 'change' | 'absence') =>
  queryOptions({
    queryKey: ['child-attendances', childId, type],
    queryFn: () =>
      api(getChildAttendances, { params: { childId: childId! }, query: { attendance_status_type: type }, signal: timeout() }),
    enabled: !!childId,
  });
export const useAttendanceHistory = (childId: number | undefined, type: 'change' | 'absence') =>
  useQuery(attendancesQueryOptions(childId, type));

export const isAbsenceQueryOptions = (childId: number | undefined, date: string) =>
  queryOptions({
    queryKey: ['child-is-absence', childId, date],
    queryFn: () => api(getChildIsAbsence, { params: { childId: childId! }, query: { target_date: date }, signal: timeout() }),
    enabled: !!childId && !!date,
    staleTime: 0,
  });
export const useIsAbsence = (childId: number | undefined, date: string) => useQuery(isAbsenceQueryOptions(childId, date));

export const checkTargetDateQueryOptions = (childId: number | undefined, date: string) =>
  queryOptions({
    queryKey: ['check-target-date', childId, date],
    queryFn: () => api(getCheckTargetDate, { params: { childId: childId! }, query: { target_date: date }, signal: timeout() }),
    enabled: !!childId && !!date,
    staleTime: 0,
  });
export const useCheckTargetDate = (childId: number | undefined, date: string) =>
  useQuery(checkTargetDateQueryOptions(childId, date));

export const scheduleByDateQueryOptions = (childId: number | undefined, date: string) =>
  queryOptions({
    queryKey: ['schedule-by-date', childId, date],
    queryFn: () => api(postScheduleByDate, { params: { childId: childId! }, body: { date }, signal: timeout() }),
    enabled: !!childId && !!date,
  });
export const useScheduleByDate = (childId: number | undefined, date: string) =>
  useQuery(scheduleByDateQueryOptions(childId, date));

export function useSendAttendance(childId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    // Without a network the change waits on the device (送信待ち) and is sent when it returns.
    mutationFn: (body: AttendanceBody) => sendOrQueue('attendance', childId!, body),
    // Runs offline too (TanStack Query would pause it): sendOrQueue keeps it on the device.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendancesQueryOptions(childId, 'change').queryKey }),
  });
}

export function useSendAbsence(childId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AbsenceForm) => sendOrQueue('absence', childId!, body),
    // Runs offline too (TanStack Query would pause it): sendOrQueue keeps it on the device.
    networkMode: 'always',
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: attendancesQueryOptions(childId, 'absence').queryKey }),
        queryClient.invalidateQueries({ queryKey: isAbsenceQueryOptions(childId, '').queryKey.slice(0, 2) }),
      ]);
    },
  });
}
