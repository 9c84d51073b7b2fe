import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getChildSchedule,
  getChildSchedules,
  getSchedulesViewableChildren,
  postChildSchedule,
  postChildSchedulesBulk,
  putChildSchedule,
  type BodyInputOf,
} from '@renraku/contract/client';
import { api } from '../../lib/api';

export const scheduleChildrenQueryOptions = () =>
  queryOptions({ queryKey: ['schedules', 'children'], queryFn: ({ signal }) => api(getSchedulesViewableChildren, { signal }) });

export const childSchedulesQueryOptions = (id: number, month: 0 | 1) =>
  queryOptions({
    queryKey: ['schedules', id, 'month', month],
    queryFn: ({ signal }) => api(getChildSchedules, { params: { id }, query: { month }, signal }),
  });

export const childScheduleQueryOptions = (id: number, scheduleId: number) =>
  queryOptions({
    queryKey: ['schedules', id, 'entry', scheduleId],
    queryFn: ({ signal }) => api(getChildSchedule, { params: { id, scheduleId }, signal }),
  });

/** Every cached view of the child's schedules (both months and single days). */
const childKey = (id: number) => childSchedulesQueryOptions(id, 0).queryKey.slice(0, 2);

export function useSaveSchedule(id: number, scheduleId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postChildSchedule>) =>
      scheduleId ? api(putChildSchedule, { params: { id, scheduleId }, body }) : api(postChildSchedule, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childKey(id) }),
  });
}

export function useBulkSchedules(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postChildSchedulesBulk>) => api(postChildSchedulesBulk, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childKey(id) }),
  });
}
