import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffClassDailyNotes,
  postStaffClassDailyNotesPublish,
  putStaffClassDailyNoteDrafts,
  type ClassDay,
  type DailyNoteContent,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';

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
