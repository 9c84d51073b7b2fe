import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffClassRecords,
  getStaffRecord,
  postStaffClassRecord,
  postStaffRecordApprove,
  postStaffRecordReopen,
  postStaffRecordReturn,
  postStaffRecordSubmit,
  type ClassRecordKind,
  type RecordDocument,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';

const monthKey = (classId: number, month: string) => ['staff', 'records', 'class', classId, month] as const;
const documentKey = (documentId: number) => ['staff', 'records', 'document', documentId] as const;

export const classRecordsQueryOptions = (classId: number, month: string) =>
  queryOptions({
    queryKey: monthKey(classId, month),
    queryFn: ({ signal }) => api(getStaffClassRecords, { params: { classId }, query: { month }, signal }),
  });
export const useClassRecords = (classId: number, month: string) => useQuery(classRecordsQueryOptions(classId, month));

export const useRecord = (documentId: number) =>
  useQuery({
    queryKey: documentKey(documentId),
    queryFn: ({ signal }) => api(getStaffRecord, { params: { documentId }, signal }),
  });

/** Opens (or creates) a class's 月案 or 日誌; the answer seeds the document's cache. */
export function useOpenRecord(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: ClassRecordKind; period: string }) => api(postStaffClassRecord, { params: { classId }, body }),
    onSuccess: (doc) => {
      queryClient.setQueryData(documentKey(doc.document.id), doc);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'records', 'class', classId] });
    },
  });
}

/** 提出, 承認, 差し戻し, 修正版: each answers the document; the lists refetch. */
export function useRecordSteps(documentId: number) {
  const queryClient = useQueryClient();
  const done = (doc: RecordDocument) => {
    queryClient.setQueryData(documentKey(doc.document.id), doc);
    void queryClient.invalidateQueries({ queryKey: ['staff', 'records', 'class'] });
  };
  const params = { documentId };
  return {
    submit: useMutation({ mutationFn: () => api(postStaffRecordSubmit, { params }), onSuccess: done }),
    approve: useMutation({ mutationFn: () => api(postStaffRecordApprove, { params }), onSuccess: done }),
    giveBack: useMutation({
      mutationFn: (comment: string) => api(postStaffRecordReturn, { params, body: { comment } }),
      onSuccess: done,
    }),
    reopen: useMutation({ mutationFn: () => api(postStaffRecordReopen, { params }), onSuccess: done }),
  };
}
