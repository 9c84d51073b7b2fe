import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChildren, getChildrenExistence } from '@renraku/contract';
import { api } from '../../lib/api';
import { useCurrentUser } from '../auth/api';

export const childrenQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['children', userId], queryFn: () => api(getChildren), enabled: !!userId });

export const existenceQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['children-existence', userId], queryFn: () => api(getChildrenExistence), enabled: !!userId });

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
