import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getChildrenContent, getMicrocms, getNoticesNotifications, type ResponseOf } from '@renraku/contract/client';
import { addDays } from '@renraku/contract/dates';
import { api } from '../../lib/api';

type ContentPage = ResponseOf<typeof getChildrenContent>;

/** The day before a loaded day (F §4: older days load one day before the earliest loaded date). */
export const dayBefore = (date: string) => addDays(date, -1);

/**
 * The feed of the selected children: each page is one day (the newest with content on or before
 * its `date`); the next page asks for the day before the earliest loaded one.
 */
export const feedContentQueryOptions = (childIds: number[]) =>
  infiniteQueryOptions({
    queryKey: ['feed-content', childIds],
    queryFn: ({ pageParam, signal }) =>
      api(getChildrenContent, { query: { children: childIds, ...(pageParam ? { date: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ContentPage) => {
      const [loaded] = Object.keys(last.data);
      return last.has_more && loaded ? dayBefore(loaded) : undefined;
    },
    enabled: childIds.length > 0,
  });

export function useFeedContent(childIds: number[]) {
  return useInfiniteQuery(feedContentQueryOptions(childIds));
}

export const bannersQueryOptions = () =>
  queryOptions({ queryKey: ['feed-banners'], queryFn: () => api(getNoticesNotifications) });
export const useBanners = () => useQuery(bannersQueryOptions());

export const manualBannerQueryOptions = () => queryOptions({ queryKey: ['feed-manual-banner'], queryFn: () => api(getMicrocms) });
export const useManualBanner = () => useQuery(manualBannerQueryOptions());
