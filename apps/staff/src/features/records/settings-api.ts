import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStaffRecordSettings, putStaffRecordSettings } from '@renraku/contract/staff';
import { api } from '../../lib/api';

// The facility's 期 (records.md §2; docs/decisions/records-child-records.md, records-period-settings.md)
const settingsKey = (facilityId: number) => ['staff', 'records', 'settings', facilityId] as const;

export const useRecordSettings = (facilityId: number) =>
  useQuery({
    queryKey: settingsKey(facilityId),
    queryFn: ({ signal }) => api(getStaffRecordSettings, { params: { facilityId }, signal }),
  });

/** Saves the 期 and the age of per-期 経過記録; every records screen reads them again. */
export function useSaveRecordSettings(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { term_start_months: number[]; progress_terms_from_age: number }) =>
      api(putStaffRecordSettings, { params: { facilityId }, body }),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKey(facilityId), data);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'records'] });
    },
  });
}
