import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChild, getChildren, getChildrenExistence } from '@renraku/contract/client';
import { api } from './api';
import { useCurrentUser } from './session';

// The signed-in user's children, read by most areas (the shell, feed, communications, notices,
// settings, guardians): one home for their queries, so every area shares one cache key.

export const childrenQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['children', userId], queryFn: () => api(getChildren), enabled: !!userId });

export const existenceQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['children-existence', userId], queryFn: () => api(getChildrenExistence), enabled: !!userId });

export const childQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['child', id], queryFn: () => api(getChild, { params: { id } }) });

/** The signed-in user's children (reloads when the user changes; empty when logged out). */
export function useChildren() {
  const user = useCurrentUser();
  const query = useQuery(childrenQueryOptions(user?.id));
  return { ...query, children: user ? (query.data ?? []) : [] };
}

export function useExistence() {
  const user = useCurrentUser();
  const query = useQuery(existenceQueryOptions(user?.id));
  return { ...query, existence: user ? (query.data ?? []) : [] };
}

export const useChild = (id: number) => useQuery(childQueryOptions(id));
