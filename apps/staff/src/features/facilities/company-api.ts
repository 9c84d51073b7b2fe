import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '@renraku/contract/client';
import { getStaffCompanyRollup, postStaffCompanyFacility } from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { staffMeQueryOptions } from '../../lib/staff-session';

/** The company roll-up: one row per facility (company admins only). */
export const rollupQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['staff', 'company-rollup', companyId],
    queryFn: () => api(getStaffCompanyRollup, { params: { companyId } }),
  });
export const useCompanyRollup = (companyId: number) => useQuery(rollupQueryOptions(companyId));

export function useCreateFacility(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postStaffCompanyFacility>) =>
      api(postStaffCompanyFacility, { params: { companyId }, body }),
    onSuccess: async () => {
      // The facility switcher lists it at once, the roll-up gets its row.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffMeQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: rollupQueryOptions(companyId).queryKey }),
      ]);
    },
  });
}
