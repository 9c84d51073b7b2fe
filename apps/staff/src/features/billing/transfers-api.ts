import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffBillingTransfers,
  postStaffBillingTransferAssign,
  postStaffBillingTransferDismiss,
  postStaffBillingTransfersImport,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { billingKey } from './api';

/** 振込 (spec/billing.md §4): the bank statement's credits, their import and how a waiting one is resolved. */
export const useTransfers = (facilityId: number) =>
  useQuery({
    queryKey: [...billingKey(facilityId), 'transfers'],
    queryFn: ({ signal }) => api(getStaffBillingTransfers, { params: { facilityId }, signal }),
  });

/** A credit paying a statement changes the month's and the collection's figures: the billing area refetches. */
function useBillingWrite<A, R>(facilityId: number, write: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKey(facilityId) }),
  });
}

export const useImportTransfers = (facilityId: number) =>
  useBillingWrite(facilityId, (file_base64: string) =>
    api(postStaffBillingTransfersImport, { params: { facilityId }, body: { file_base64 } }),
  );

export const useAssignTransfer = (facilityId: number) =>
  useBillingWrite(facilityId, ({ transferId, statementId }: { transferId: number; statementId: number }) =>
    api(postStaffBillingTransferAssign, { params: { facilityId, transferId }, body: { statement_id: statementId } }),
  );

export const useDismissTransfer = (facilityId: number) =>
  useBillingWrite(facilityId, ({ transferId, reason }: { transferId: number; reason: string }) =>
    api(postStaffBillingTransferDismiss, { params: { facilityId, transferId }, body: { reason } }),
  );
