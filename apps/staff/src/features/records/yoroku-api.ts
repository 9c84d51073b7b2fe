import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffClassYoroku,
  getStaffClassYorokuAdmissions,
  getStaffYorokuContext,
  postStaffChildYoroku,
  putStaffClassYorokuFocus,
  staffClassYorokuZipPath,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { buildPath } from '@renraku/ui/api';

// 保育所児童保育要録 (records.md §5; issue 33; docs/decisions/records-yoroku.md): the class's page,
// its 最終年度の重点, each child's 要録 and what the 要録's screen shows beside the form.
const classYorokuKey = (classId: number, year: number | null) => ['staff', 'records', 'yoroku', classId, year] as const;

/** The class's 要録 of a 年度 (the class's own 年度 when `year` is null). Audited per child by the server. */
export const useClassYoroku = (classId: number, year: number | null) =>
  useQuery({
    queryKey: classYorokuKey(classId, year),
    queryFn: ({ signal }) => api(getStaffClassYoroku, { params: { classId }, query: year === null ? {} : { year }, signal }),
  });

/** Saves the class's 最終年度の重点; the answer is the class's page again. */
export function useSaveYorokuFocus(classId: number, year: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api(putStaffClassYorokuFocus, { params: { classId }, body: { text } }),
    onSuccess: (data) => {
      queryClient.setQueryData(classYorokuKey(classId, year), data);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'records', 'document'] });
    },
  });
}

/** Opens (or makes) a child's 要録 of the 年度; the answer seeds the document's cache. */
export function useOpenYoroku(classId: number, year: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { childId: number; year: number }) =>
      api(postStaffChildYoroku, { params: { childId: input.childId }, body: { year: input.year } }),
    onSuccess: (doc) => {
      queryClient.setQueryData(['staff', 'records', 'document', doc.document.id], doc);
      void queryClient.invalidateQueries({ queryKey: classYorokuKey(classId, year) });
    },
  });
}

/** Beside a 要録: the class's 重点 and the child's earlier 経過記録 (read with the 要録). */
export const useYorokuContext = (documentId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['staff', 'records', 'document', documentId, 'yoroku'],
    queryFn: ({ signal }) => api(getStaffYorokuContext, { params: { documentId }, signal }),
    enabled,
  });

/** Every final-year child's 要録 of the class as PDFs in one ZIP (a desktop's, `records.export`). */
export const classYorokuZipUrl = (classId: number, year: number) => buildPath(staffClassYorokuZipPath, { classId }, { year });

/** The 入所に関する記録 of a class's 要録 (the 事務's read for the roster; records-yoroku-admissions.md). */
export const useYorokuAdmissions = (classId: number, year: number | null) =>
  useQuery({
    queryKey: ['staff', 'records', 'yoroku-admissions', classId, year],
    queryFn: ({ signal }) =>
      api(getStaffClassYorokuAdmissions, { params: { classId }, query: year === null ? {} : { year }, signal }),
  });
