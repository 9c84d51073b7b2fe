import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStaffRecordSettings, putStaffRecordSettings, type RecordSettings } from '@renraku/contract/staff';
import { api } from '../../lib/api';

/** The facility's records settings (期, 経過記録 by 期 from an age, whether it writes 日案). */
export const recordSettingsQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: ['staff', 'records', 'settings', facilityId] as const,
    queryFn: ({ signal }) => api(getStaffRecordSettings, { params: { facilityId }, signal }),
  });
export const useRecordSettings = (facilityId: number) => useQuery(recordSettingsQueryOptions(facilityId));

/** Saves the settings; every records screen reads them again (日案 appear or go, periods change). */
export function useSaveRecordSettings(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      body: Pick<RecordSettings, 'term_start_months' | 'progress_terms_from_age'> &
        Partial<Pick<RecordSettings, 'writes_daily_plans' | 'yoroku_retention_extra_years'>>,
    ) => api(putStaffRecordSettings, { params: { facilityId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(recordSettingsQueryOptions(facilityId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'records'] });
    },
  });
}
