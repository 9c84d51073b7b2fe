import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStaffRecordRollover,
  getStaffRecordTemplates,
  postStaffRecordRollover,
  putStaffRecordTemplate,
  type EditableRecordKind,
  type RecordTemplateBody,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';

/** The facility's templates and the fiscal-year rollover (園長, 法人管理者; records-templates.md, records-rollover.md). */
const templatesKey = (facilityId: number) => ['staff', 'records', 'templates', facilityId] as const;
const rolloverKey = (facilityId: number, from: number) => ['staff', 'records', 'rollover', facilityId, from] as const;

export const useRecordTemplates = (facilityId: number) =>
  useQuery({
    queryKey: templatesKey(facilityId),
    queryFn: ({ signal }) => api(getStaffRecordTemplates, { params: { facilityId }, signal }),
  });

export function useSaveTemplate(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: EditableRecordKind; body: RecordTemplateBody }) =>
      api(putStaffRecordTemplate, { params: { facilityId, kind }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey(facilityId) }),
  });
}

export const useRolloverPreview = (facilityId: number, from: number) =>
  useQuery({
    queryKey: rolloverKey(facilityId, from),
    queryFn: ({ signal }) => api(getStaffRecordRollover, { params: { facilityId }, query: { from_fiscal_year: from }, signal }),
    retry: false,
  });

export function useRollover(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (from: number) => api(postStaffRecordRollover, { params: { facilityId }, body: { from_fiscal_year: from } }),
    onSuccess: (answer) => queryClient.setQueryData(rolloverKey(facilityId, answer.from_fiscal_year), answer),
  });
}
