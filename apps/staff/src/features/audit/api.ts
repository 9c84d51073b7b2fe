import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getStaffAudit, getStaffAuditSubjects, staffAuditCsvPath } from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { buildPath } from '@renraku/ui/api';

export interface AuditFilter {
  user_id?: number;
  child_id?: number;
  date?: string;
}

export const auditQueryOptions = (facilityId: number, filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: ['staff', 'audit', facilityId, filter, page],
    queryFn: ({ signal }) => api(getStaffAudit, { params: { facilityId }, query: { ...filter, page }, signal }),
  });

/** The page of the log; the previous page stays on screen while the next one loads. */
export function useAudit(facilityId: number, filter: AuditFilter, page: number) {
  return useQuery({ ...auditQueryOptions(facilityId, filter, page), placeholderData: keepPreviousData });
}

/** The CSV export of the same filters (every row, not one page). */
export const auditCsvUrl = (facilityId: number, filter: AuditFilter) => buildPath(staffAuditCsvPath, { facilityId }, filter);

/** Whom the filters offer: every member (past ones too) and every child the facility ever had. */
export function useAuditSubjects(facilityId: number) {
  return useQuery({
    queryKey: ['staff', 'audit', facilityId, 'subjects'],
    queryFn: ({ signal }) => api(getStaffAuditSubjects, { params: { facilityId }, signal }),
    staleTime: 5 * 60_000,
  });
}
