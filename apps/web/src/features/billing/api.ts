import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getBillingAccounts,
  getBillingItems,
  getBillingStatement,
  getBillingStatements,
  postBillingItemConsent,
  postBillingItemWithdrawal,
  putBillingAccount,
  type BodyInputOf,
} from '@renraku/contract/client';
import { api } from '../../lib/api';

/** 請求 in my page (spec/billing.md §3): the family's issued statements. */
export const billingStatementsQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'statements'], queryFn: ({ signal }) => api(getBillingStatements, { signal }) });

export const billingStatementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['billing', 'statements', id],
    queryFn: ({ signal }) => api(getBillingStatement, { params: { id }, signal }),
  });

/** 請求 → 口座振替の口座: the caller's account at each facility where they are a main guardian. */
export const billingAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'accounts'], queryFn: ({ signal }) => api(getBillingAccounts, { signal }) });

export function useSaveBillingAccount(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof putBillingAccount>) => api(putBillingAccount, { params: { facilityId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingAccountsQueryOptions().queryKey }),
  });
}

/** 請求 → 実費のご案内と同意: the items that apply to the caller's children, with each child's consent. */
export const billingItemsQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'items'], queryFn: ({ signal }) => api(getBillingItems, { signal }) });

export function useConsentToItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, childId }: { itemId: number; childId: number }) =>
      api(postBillingItemConsent, { params: { id: itemId }, body: { child_id: childId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingItemsQueryOptions().queryKey }),
  });
}

/** Withdraws a child's consent to an item from a month on (next month at the earliest). */
export function useWithdrawFromItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, childId, month }: { itemId: number; childId: number; month: string }) =>
      api(postBillingItemWithdrawal, { params: { id: itemId }, body: { child_id: childId, month_from: month } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingItemsQueryOptions().queryKey }),
  });
}
