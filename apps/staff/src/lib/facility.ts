import { useParams } from 'react-router';
import { idFrom } from '@renraku/ui';
import { useStaffMe, type StaffFacility } from './staff-session';

/** The facility of the URL (`/staff/f/:facilityId/...`) among the caller's, or null (not theirs, or no such id). */
export function useCurrentFacility(): StaffFacility | null {
  const { facilityId } = useParams();
  const { data: me } = useStaffMe();
  const id = idFrom(facilityId);
  return me?.facilities.find((f) => f.id === id) ?? null;
}

/** The facility of the URL; only under the facility layout, which shows 404 when there is none. */
export function useFacility(): StaffFacility {
  const facility = useCurrentFacility();
  if (!facility) throw new Error('useFacility outside a facility route');
  return facility;
}

/** A facility's screen: `/f/{id}` plus the rest (router paths, under the /staff basename). */
export const facilityPath = (facilityId: number, rest = '') => `/f/${facilityId}${rest ? `/${rest}` : ''}`;

/** The company admin's roll-up of the company's facilities. */
export const companyPath = (companyId: number) => `/company/${companyId}`;
