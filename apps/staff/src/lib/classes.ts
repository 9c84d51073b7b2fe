import { queryOptions, useQuery } from '@tanstack/react-query';
import { fiscalYearOf } from '@renraku/contract/dates';
import { getStaffClasses } from '@renraku/contract/staff';
import { api } from './api';
import { todayInTokyo } from '@renraku/ui/dates';

/**
 * The facility's classes of a 年度 (today's by default), cached once for every screen that lists
 * them: one key, so a class added or renamed and a 進級 refresh the board's chooser, the roster,
 * notices, events, members, devices and billing alike (they used five keys and went stale).
 */
export const classesKey = (facilityId: number) => ['staff', 'classes', facilityId] as const;

export const facilityClassesQueryOptions = (facilityId: number, fiscalYear: number = fiscalYearOf(todayInTokyo())) =>
  queryOptions({
    queryKey: [...classesKey(facilityId), fiscalYear],
    queryFn: ({ signal }) => api(getStaffClasses, { params: { facilityId }, query: { fiscal_year: fiscalYear }, signal }),
  });

export const useFacilityClasses = (facilityId: number, fiscalYear?: number) =>
  useQuery(facilityClassesQueryOptions(facilityId, fiscalYear));
