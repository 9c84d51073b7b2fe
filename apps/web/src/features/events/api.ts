import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteEventsCalendarSubscription,
  getChildEvents,
  getEventsCalendarSubscription,
  getEventsViewableChildren,
  postEventsCalendarSubscription,
} from '@renraku/contract/client';
import { addMonths } from '@renraku/contract/dates';
import { api } from '../../lib/api';

export const eventChildrenQueryOptions = () =>
  queryOptions({ queryKey: ['events', 'children'], queryFn: ({ signal }) => api(getEventsViewableChildren, { signal }) });

export const childEventsQueryOptions = (id: number, month: string) =>
  queryOptions({
    queryKey: ['events', id, month],
    queryFn: ({ signal }) => api(getChildEvents, { params: { id }, query: { date: month }, signal }),
  });

/** Months loaded one by one from `first` on (F §2 Events). */
export const childEventMonthsQueryOptions = (id: number, first: string) =>
  infiniteQueryOptions({
    queryKey: ['events', id, 'months', first],
    initialPageParam: first,
    queryFn: async ({ pageParam, signal }) => ({
      month: pageParam,
      days: await api(getChildEvents, { params: { id }, query: { date: pageParam }, signal }),
    }),
    getNextPageParam: (last) => addMonths(last.month, 1),
  });

export const calendarSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: ['events', 'calendar-subscription'], queryFn: () => api(getEventsCalendarSubscription) });

export function useIssueCalendarSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(postEventsCalendarSubscription),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarSubscriptionQueryOptions().queryKey }),
  });
}

export function useRevokeCalendarSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(deleteEventsCalendarSubscription),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarSubscriptionQueryOptions().queryKey }),
  });
}
