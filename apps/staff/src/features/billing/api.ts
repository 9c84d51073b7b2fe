import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffBillingChildren,
  getStaffBillingMonth,
  getStaffBillingMonths,
  getStaffBillingSettings,
  postStaffBillingAdjustment,
  postStaffBillingItem,
  postStaffBillingMonthClose,
  postStaffBillingPayment,
  putStaffBillingChildAttributes,
  putStaffBillingSettings,
  staffBillingBooksCsvPath,
  staffBillingJournalCsvPath,
} from '@renraku/contract/staff';
import type { BodyInputOf } from '@renraku/contract/client';
import { api } from '../../lib/api';
import { buildPath } from '@renraku/ui/api';
import { facilityClassesQueryOptions } from '../../lib/classes';

export const billingKey = (facilityId: number) => ['staff', 'billing', facilityId];

export const billingMonthsQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...billingKey(facilityId), 'months'],
    queryFn: ({ signal }) => api(getStaffBillingMonths, { params: { facilityId }, signal }),
  });
export const useBillingMonths = (facilityId: number) => useQuery(billingMonthsQueryOptions(facilityId));

export const billingMonthQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...billingKey(facilityId), 'month', month],
    queryFn: ({ signal }) => api(getStaffBillingMonth, { params: { facilityId, month }, signal }),
  });
export const useBillingMonth = (facilityId: number, month: string) => useQuery(billingMonthQueryOptions(facilityId, month));

export const billingSettingsQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...billingKey(facilityId), 'settings'],
    queryFn: ({ signal }) => api(getStaffBillingSettings, { params: { facilityId }, signal }),
  });
export const useBillingSettings = (facilityId: number) => useQuery(billingSettingsQueryOptions(facilityId));

export const billingChildrenQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...billingKey(facilityId), 'children', month],
    queryFn: ({ signal }) => api(getStaffBillingChildren, { params: { facilityId }, query: { month }, signal }),
  });
export const useBillingChildren = (facilityId: number, month: string) => useQuery(billingChildrenQueryOptions(facilityId, month));

/** Every billing write changes drafts: the area's queries are refetched. */
function useInvalidate(facilityId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKey(facilityId) });
}

export function useSaveSettings(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof putStaffBillingSettings>) =>
      api(putStaffBillingSettings, { params: { facilityId }, body }),
    onSuccess: invalidate,
  });
}

export function useAddItem(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postStaffBillingItem>) => api(postStaffBillingItem, { params: { facilityId }, body }),
    onSuccess: invalidate,
  });
}

export function useSaveAttributes(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: ({ childId, body }: { childId: number; body: BodyInputOf<typeof putStaffBillingChildAttributes> }) =>
      api(putStaffBillingChildAttributes, { params: { facilityId, childId }, body }),
    onSuccess: invalidate,
  });
}

export function useAddAdjustment(facilityId: number, month: string) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postStaffBillingAdjustment>) =>
      api(postStaffBillingAdjustment, { params: { facilityId, month }, body }),
    onSuccess: invalidate,
  });
}

export function useCloseMonth(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (month: string) => api(postStaffBillingMonthClose, { params: { facilityId, month } }),
    onSettled: invalidate,
  });
}

/** The facility's classes of this 年度 (a 実費 item's target). */
export const useBillingClasses = (facilityId: number) => useQuery(facilityClassesQueryOptions(facilityId));

export function useRecordPayment(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: ({ statementId, body }: { statementId: number; body: BodyInputOf<typeof postStaffBillingPayment> }) =>
      api(postStaffBillingPayment, { params: { statementId }, body }),
    onSuccess: invalidate,
  });
}

/** A closed month's books as downloads (spec/billing.md §5): the statements CSV or the 弥生会計 仕訳. */
export const booksFileUrl = (file: 'books' | 'journal', facilityId: number, month: string) =>
  `${buildPath(file === 'books' ? staffBillingBooksCsvPath : staffBillingJournalCsvPath, { facilityId })}?month=${month}`;
