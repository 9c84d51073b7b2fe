import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStaffOverallPlan, postStaffClassAnnualPlan, postStaffOverallPlan } from '@renraku/contract/staff';
import { api } from '../../lib/api';

/** The plans of a 年度 (records-plans-screens.md): the facility's 全体的な計画 and a class's 年間指導計画. */
const overallKey = (facilityId: number) => ['staff', 'records', 'overall', facilityId] as const;

export const overallPlanQueryOptions = (facilityId: number, year: number) =>
  queryOptions({
    queryKey: [...overallKey(facilityId), year],
    queryFn: ({ signal }) => api(getStaffOverallPlan, { params: { facilityId }, query: { year }, signal }),
  });
export const useOverallPlan = (facilityId: number, year: number) => useQuery(overallPlanQueryOptions(facilityId, year));

/** Opens (or, for the 園長 and 法人管理者, creates) the 全体的な計画 of a 年度; the answer seeds the document's cache. */
export function useOpenOverallPlan(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => api(postStaffOverallPlan, { params: { facilityId }, body: { fiscal_year: year } }),
    onSuccess: (doc) => {
      queryClient.setQueryData(['staff', 'records', 'document', doc.document.id], doc);
      void queryClient.invalidateQueries({ queryKey: overallKey(facilityId) });
    },
  });
}

/** Opens (or, for the class's writers, creates) the class's 年間指導計画 of its 年度. */
export function useOpenAnnualPlan(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(postStaffClassAnnualPlan, { params: { classId } }),
    onSuccess: (doc) => {
      queryClient.setQueryData(['staff', 'records', 'document', doc.document.id], doc);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'records', 'class', classId] });
    },
  });
}
