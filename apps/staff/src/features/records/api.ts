import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteStaffRecordPhrase,
  getStaffChildGuardians,
  getStaffChildRecord,
  getStaffPickupPersons,
  getStaffClassRecords,
  getStaffRecordMaterial,
  postStaffChildProgressRecord,
  putStaffChildRecord,
  getStaffRecordPhrases,
  getStaffRecord,
  getStaffClassRecordsArchive,
  postStaffClassRecordsArchive,
  postStaffClassRecord,
  postStaffRecordApprove,
  postStaffRecordPhrase,
  postStaffRecordReopen,
  postStaffRecordReturn,
  postStaffRecordSubmit,
  staffChildRecordPdfPath,
  staffRecordPdfPath,
  type ChildRecordInput,
  type ClassRecordKind,
  type RecordDocument,
  type RecordPhraseTopic,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { buildPath } from '@renraku/ui/api';

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
    mutationFn: (body: { kind: ClassRecordKind; period: string; child_id?: number }) =>
      api(postStaffClassRecord, { params: { classId }, body }),
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
    void queryClient.invalidateQueries({ queryKey: ['staff', 'records', 'overall'] });
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

/** The document as an A4 PDF to print or keep (records.md §6). */
export const recordPdfUrl = (documentId: number) => buildPath(staffRecordPdfPath, { documentId });
/** The caller's inspection archive of the class's 年度 (records-archive-background.md), followed while it is built. */
const archiveQuery = (classId: number, year: number) =>
  queryOptions({
    queryKey: ['staff', 'records', 'archive', classId, year] as const,
    queryFn: ({ signal }) => api(getStaffClassRecordsArchive, { params: { classId }, query: { year }, signal }),
    refetchInterval: (query) => (['queued', 'running'].includes(query.state.data?.archive?.status ?? '') ? 2000 : false),
    staleTime: 0,
  });
export const useRecordsArchive = (classId: number, year: number, enabled: boolean) =>
  useQuery({ ...archiveQuery(classId, year), enabled });

/** Asks for the archive; the answer (the one under way, or a new one) is shown at once. */
export function useRequestRecordsArchive(classId: number, year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(postStaffClassRecordsArchive, { params: { classId }, body: { year } }),
    onSuccess: (data) => queryClient.setQueryData(archiveQuery(classId, year).queryKey, data),
  });
}

type PhraseQuery = { age_band?: number; month?: number; topic?: RecordPhraseTopic; q?: string };
const phrasesKey = (facilityId: number) => ['staff', 'records', 'phrases', facilityId] as const;

/** 文例 for the class's age band, the document's month and the focused field's topic. */
export const useRecordPhrases = (facilityId: number, query: PhraseQuery, enabled: boolean) =>
  useQuery({
    queryKey: [...phrasesKey(facilityId), query],
    queryFn: ({ signal }) => api(getStaffRecordPhrases, { params: { facilityId }, query, signal }),
    enabled,
  });

/** The 園長's and 主任's own 文例: add and remove. */
export function usePhraseSteps(facilityId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: phrasesKey(facilityId) });
  return {
    add: useMutation({
      mutationFn: (body: { text: string; topic: RecordPhraseTopic; age_bands: number[] }) =>
        api(postStaffRecordPhrase, { params: { facilityId }, body: { ...body, month: null } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (phraseId: number) => api(deleteStaffRecordPhrase, { params: { facilityId, phraseId } }),
      onSuccess,
    }),
  };
}

// Each child's record (issue 33): the 児童票, the 経過記録 and their material, the 期 settings.
const childRecordKey = (childId: number) => ['staff', 'records', 'child', childId] as const;

export const childRecordQueryOptions = (childId: number) =>
  queryOptions({
    queryKey: childRecordKey(childId),
    queryFn: ({ signal }) => api(getStaffChildRecord, { params: { childId }, signal }),
  });
export const useChildRecord = (childId: number) => useQuery(childRecordQueryOptions(childId));
/** The 児童票 as an A4 PDF (records-child-record-pdf.md); the read is audited. */
export const childRecordPdfUrl = (childId: number) => buildPath(staffChildRecordPdfPath, { childId });

export function useSaveChildRecord(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChildRecordInput) => api(putStaffChildRecord, { params: { childId }, body }),
    onSuccess: (record) => queryClient.setQueryData(childRecordQueryOptions(childId).queryKey, record),
  });
}

/** From the class's month: opens (or creates) a child's 経過記録 of the period holding `period`. */
export function useOpenClassProgress(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, period }: { childId: number; period: string }) =>
      api(postStaffChildProgressRecord, { params: { childId }, body: { period } }),
    onSuccess: (doc) => {
      queryClient.setQueryData(documentKey(doc.document.id), doc);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'records', 'class', classId] });
    },
  });
}

/** Opens (or creates) the child's 経過記録 of a month or 期; the answer seeds the document's cache. */
export function useOpenProgress(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: string) => api(postStaffChildProgressRecord, { params: { childId }, body: { period } }),
    onSuccess: (doc) => {
      queryClient.setQueryData(documentKey(doc.document.id), doc);
      void queryClient.invalidateQueries({ queryKey: childRecordQueryOptions(childId).queryKey });
    },
  });
}

export const useRecordMaterial = (documentId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...documentKey(documentId), 'material'],
    queryFn: ({ signal }) => api(getStaffRecordMaterial, { params: { documentId }, signal }),
    enabled,
  });

/** The 児童票's family and pick-up persons: the roster's own calls (each read audited by the server). */
export const useChildRecordContacts = (childId: number) => ({
  guardians: useQuery({
    queryKey: ['staff', 'records', 'child', childId, 'guardians'],
    queryFn: ({ signal }) => api(getStaffChildGuardians, { params: { childId }, signal }),
  }),
  pickups: useQuery({
    queryKey: ['staff', 'records', 'child', childId, 'pickups'],
    queryFn: ({ signal }) => api(getStaffPickupPersons, { params: { childId }, signal }),
  }),
});
