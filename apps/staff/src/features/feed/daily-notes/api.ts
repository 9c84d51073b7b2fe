import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffClassDailyNotes,
  postStaffClassDailyNotesApply,
  postStaffClassDailyNotesPublish,
  postStaffClassDailyNotesPublishClass,
  putStaffClassDailyNoteDrafts,
  type ClassDay,
  type DailyNoteContent,
  type DailyNoteField,
} from '@renraku/contract/staff';
import { api } from '../../../lib/api';

export const classDayKey = (classId: number, date: string) => ['staff', 'daily-notes', classId, date] as const;

export const classDayQueryOptions = (classId: number, date: string) =>
  queryOptions({
    queryKey: classDayKey(classId, date),
    queryFn: ({ signal }) => api(getStaffClassDailyNotes, { params: { classId }, query: { date }, signal }),
  });

/** The class's children and their notes of the day. */
export function useClassDay(classId: number, date: string) {
  return useQuery(classDayQueryOptions(classId, date));
}

export const saveDrafts = (classId: number, date: string, drafts: { child_id: number; content: DailyNoteContent }[]) =>
  api(putStaffClassDailyNoteDrafts, { params: { classId }, body: { date, drafts } });

/** 公開 of some children's drafts; the answer replaces the day in the cache. */
export function usePublish(classId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (childIds: number[]) =>
      api(postStaffClassDailyNotesPublish, { params: { classId }, body: { date, child_ids: childIds } }),
    onSuccess: (day: ClassDay) => queryClient.setQueryData(classDayKey(classId, date), day),
  });
}

/** 全員に適用 on the server: empty cells only unless overwrite; the answer's day replaces the cache. */
export function useApplyToClass(classId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { field: DailyNoteField; values: DailyNoteContent; overwrite: boolean }) =>
      api(postStaffClassDailyNotesApply, { params: { classId }, body: { date, ...input } }),
    onSuccess: (answer) => queryClient.setQueryData(classDayKey(classId, date), answer.day),
  });
}

/** The class's 公開: new and changed notes (and the empty ones when chosen); never the unchanged. */
export function usePublishClass(classId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (includeEmpty: boolean) =>
      api(postStaffClassDailyNotesPublishClass, { params: { classId }, body: { date, include_empty: includeEmpty } }),
    onSuccess: (answer) => queryClient.setQueryData(classDayKey(classId, date), answer.day),
  });
}
