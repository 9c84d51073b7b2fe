import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffBillingAccounts,
  getStaffCollection,
  getStaffDebitSettings,
  postStaffDebitRequest,
  postStaffDebitRequestWithdraw,
  postStaffDebitResults,
  postStaffBillingStatementCarry,
  putStaffBillingAccount,
  putStaffBillingAccountRegistered,
  putStaffDebitSettings,
  staffBillingDebitFormPdfPath,
  staffDebitRequestFilePath,
} from '@renraku/contract/staff';
import type { BodyInputOf } from '@renraku/contract/client';
import { api } from '../../lib/api';
import { buildPath } from '@renraku/ui/api';
import { billingKey } from './api';

/** 集金 / 口座振替 (spec/billing.md §4): the month's collection, the request file, the result import, accounts. */
export const collectionQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...billingKey(facilityId), 'collection', month],
    queryFn: ({ signal }) => api(getStaffCollection, { params: { facilityId, month }, signal }),
  });
export const useCollection = (facilityId: number, month: string) => useQuery(collectionQueryOptions(facilityId, month));

export const useBillingAccounts = (facilityId: number) =>
  useQuery({
    queryKey: [...billingKey(facilityId), 'accounts'],
    queryFn: ({ signal }) => api(getStaffBillingAccounts, { params: { facilityId }, signal }),
  });

export const useDebitSettings = (facilityId: number) =>
  useQuery({
    queryKey: [...billingKey(facilityId), 'debit-settings'],
    queryFn: ({ signal }) => api(getStaffDebitSettings, { params: { facilityId }, signal }),
  });

/** Every write here changes statements' states: the billing area's queries are refetched. */
function useInvalidate(facilityId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKey(facilityId) });
}

export function useSaveDebitSettings(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof putStaffDebitSettings>) => api(putStaffDebitSettings, { params: { facilityId }, body }),
    onSuccess: invalidate,
  });
}

/** 登録済 / 未登録: the bank has (not) registered the payer's signed 預金口座振替依頼書. */
export function useSetAccountRegistered(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: ({ userId, registered }: { userId: number; registered: boolean }) =>
      api(putStaffBillingAccountRegistered, { params: { facilityId, userId }, body: { registered } }),
    onSuccess: invalidate,
  });
}

/** The payer's 預金口座振替依頼書 (PDF, audited on the server). */
export const debitFormUrl = (facilityId: number, userId: number) =>
  buildPath(staffBillingDebitFormPdfPath, { facilityId, userId });

export function useSavePayerAccount(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: BodyInputOf<typeof putStaffBillingAccount> }) =>
      api(putStaffBillingAccount, { params: { facilityId, userId }, body }),
    onSuccess: invalidate,
  });
}

export function useCreateDebitRequest(facilityId: number, month: string) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: () => api(postStaffDebitRequest, { params: { facilityId, month } }),
    onSettled: invalidate,
  });
}

export function useWithdrawDebitRequest(facilityId: number, month: string) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: () => api(postStaffDebitRequestWithdraw, { params: { facilityId, month } }),
    onSettled: invalidate,
  });
}

export function useImportDebitResults(facilityId: number, month: string) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (file_base64: string) => api(postStaffDebitResults, { params: { facilityId, month }, body: { file_base64 } }),
    onSettled: invalidate,
  });
}

export function useCarryStatement(facilityId: number) {
  const invalidate = useInvalidate(facilityId);
  return useMutation({
    mutationFn: (statementId: number) => api(postStaffBillingStatementCarry, { params: { statementId } }),
    onSettled: invalidate,
  });
}

/** The stored request file's URL (a plain download under the staff app's base). */
export const debitRequestFileUrl = (facilityId: number, month: string) =>
  buildPath(staffDebitRequestFilePath, { facilityId, month });

/** A file chosen in the browser as base64 (the import's body). */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
