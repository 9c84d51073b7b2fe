import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getChildExport, postChildExport } from '@renraku/contract/client';
import { api } from '../../lib/api';

export const childExportQueryOptions = (childId: number) =>
  queryOptions({
    queryKey: ['child-export', childId],
    queryFn: () => api(getChildExport, { params: { childId } }),
    // While it is being prepared the page follows its progress.
    refetchInterval: (query) => (['queued', 'running'].includes(query.state.data?.export?.status ?? '') ? 2000 : false),
    staleTime: 0,
  });
export const useChildExport = (childId: number) => useQuery(childExportQueryOptions(childId));

export function useRequestChildExport(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(postChildExport, { params: { childId } }),
    onSuccess: (data) => queryClient.setQueryData(childExportQueryOptions(childId).queryKey, data),
  });
}
