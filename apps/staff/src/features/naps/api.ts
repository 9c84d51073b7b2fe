import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffClassNaps,
  postStaffClassNapEnd,
  postStaffClassNapStart,
  postStaffNapCheck,
  putStaffClassNapSettings,
  staffNapsCsvPath,
  type ClassNaps,
  type NapPosition,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { buildPath } from '@renraku/ui/api';

const napsKey = (classId: number, date: string) => ['staff', 'naps', classId, date] as const;

export const classNapsQueryOptions = (classId: number, date: string) =>
  queryOptions({
    queryKey: napsKey(classId, date),
    queryFn: ({ signal }) => api(getStaffClassNaps, { params: { classId }, query: { date }, signal }),
  });
export const useClassNaps = (classId: number, date: string) => useQuery(classNapsQueryOptions(classId, date));

export const napsCsvUrl = (classId: number, date: string) => buildPath(staffNapsCsvPath, { classId }, { date });

/** Start, end and the interval answer the whole day: it replaces the cache. */
export function useNapDay(classId: number, date: string) {
  const queryClient = useQueryClient();
  const set = (day: ClassNaps) => queryClient.setQueryData(napsKey(classId, date), day);
  return {
    start: useMutation({ mutationFn: () => api(postStaffClassNapStart, { params: { classId } }), onSuccess: set }),
    end: useMutation({ mutationFn: () => api(postStaffClassNapEnd, { params: { classId } }), onSuccess: set }),
    interval: useMutation({
      mutationFn: (minutes: number) =>
        api(putStaffClassNapSettings, { params: { classId }, body: { interval_minutes: minutes } }),
      onSuccess: set,
    }),
  };
}

/** One check; the answer replaces that child's row. */
export function useNapCheck(classId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { child_id: number; position: NapPosition; breathing_ok: boolean }) =>
      api(postStaffNapCheck, { params: { classId }, body }),
    onSuccess: (child) =>
      queryClient.setQueryData(napsKey(classId, date), (day: ClassNaps | undefined) =>
        day ? { ...day, children: day.children.map((c) => (c.id === child.id ? child : c)) } : day,
      ),
  });
}
