// Who is signed in on the staff side: every area and the shell read it, so it lives here.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@renraku/contract/client';
import { getStaffMe } from '@renraku/contract/staff';
import { api } from './api';
import { statusOf } from '@renraku/ui/api';

export type StaffMe = ResponseOf<typeof getStaffMe>;
export type StaffFacility = StaffMe['facilities'][number];

/** The staff member of this browser's staff session, null without one (a 401 is an answer here, not a failure). */
export const staffMeQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'me'],
    queryFn: async (): Promise<StaffMe | null> => {
      try {
        return await api(getStaffMe, { reportUnauthenticated: false });
      } catch (error) {
        if (statusOf(error) === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export function useStaffMe() {
  return useQuery(staffMeQueryOptions());
}
