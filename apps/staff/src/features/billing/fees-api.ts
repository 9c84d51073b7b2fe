import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteStaffBillingTemporaryUse,
  getStaffBillingFeeRules,
  getStaffBillingTemporaryUses,
  postStaffBillingItemConsent,
  postStaffBillingItemWithdrawal,
  postStaffBillingTemporaryUse,
  putStaffBillingSiblingDiscount,
  putStaffBillingTemporaryRates,
} from '@renraku/contract/staff';
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

export const temporaryUsesQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...billingKey(facilityId), 'temporary-uses', month],
    queryFn: ({ signal }) => api(getStaffBillingTemporaryUses, { params: { facilityId, month }, signal }),
  });
export const useTemporaryUses = (facilityId: number, month: string) => useQuery(temporaryUsesQueryOptions(facilityId, month));

/** 一時預かり: the prices from a month on, a use recorded, a mistaken one removed; the drafts follow. */
export function useTemporaryWrites(facilityId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: billingKey(facilityId) });
  return {
    rates: useMutation({
      mutationFn: (body: BodyInputOf<typeof putStaffBillingTemporaryRates>) =>
        api(putStaffBillingTemporaryRates, { params: { facilityId }, body }),
      onSuccess,
    }),
    record: useMutation({
      mutationFn: (body: BodyInputOf<typeof postStaffBillingTemporaryUse>) =>
        api(postStaffBillingTemporaryUse, { params: { facilityId }, body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (useId: number) => api(deleteStaffBillingTemporaryUse, { params: { facilityId, useId } }),
      onSuccess,
    }),
  };
}

/** A paper form received: the office records a child's consent to a 実費 item, or its withdrawal from a month on. */
export function usePaperConsent(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { itemId: number; childId: number; signedBy: number | null; withdrawFrom: string | null }) =>
      v.withdrawFrom === null
        ? api(postStaffBillingItemConsent, {
            params: { facilityId, itemId: v.itemId },
            body: { child_id: v.childId, signed_by: v.signedBy },
          })
        : api(postStaffBillingItemWithdrawal, {
            params: { facilityId, itemId: v.itemId },
            body: { child_id: v.childId, month_from: v.withdrawFrom, signed_by: v.signedBy },
          }),
    // The settings (the consent list) and the drafts change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(facilityId) }),
  });
}
