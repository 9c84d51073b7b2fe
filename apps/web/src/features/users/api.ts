import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAvailableFunctions, postChildrenOrder, putUsers } from '@renraku/contract/client';
import { api } from '../../lib/api';
import { setSessionUser } from '../../lib/session';
import { useCurrentUser } from '../auth/api';
import { childrenQueryOptions } from '../children/api';

export const functionsQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['functions-available', userId], queryFn: () => api(getAvailableFunctions), enabled: !!userId });

export function useAvailableFunctions() {
  const user = useCurrentUser();
  return useQuery(functionsQueryOptions(user?.id));
}

export function useUpdateName() {
  return useMutation({
    mutationFn: (name: string) => api(putUsers, { body: { name } }),
    onSuccess: (user) => setSessionUser(user),
  });
}

export function useSaveChildrenOrder() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: (childIds: number[]) => api(postChildrenOrder, { body: { child_ids: childIds } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: childrenQueryOptions(user?.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['children-existence'] }),
      ]),
  });
}
