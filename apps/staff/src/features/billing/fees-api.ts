import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStaffBillingFeeRules, putStaffBillingSiblingDiscount } from '@renraku/contract/staff';
import type { BodyInputOf } from '@renraku/contract/client';
import { api } from '../../lib/api';
import { billingKey } from './api';

/** The sibling discount and 一時預かり prices (spec/billing.md §2), dated like the main settings. */
export const feeRulesQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...billingKey(facilityId), 'fee-rules'],
    queryFn: ({ signal }) => api(getStaffBillingFeeRules, { params: { facilityId }, signal }),
  });
export const useFeeRules = (facilityId: number) => useQuery(feeRulesQueryOptions(facilityId));

export function useSaveSiblingDiscount(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof putStaffBillingSiblingDiscount>) =>
      api(putStaffBillingSiblingDiscount, { params: { facilityId }, body }),
    // Drafts change with the rule: every billing query is refetched.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(facilityId) }),
  });
}
