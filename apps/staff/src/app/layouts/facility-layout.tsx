import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { NotFound } from '../../components/not-found';
import { useCurrentFacility } from '../../lib/facility';
import { rememberFacility } from '../../lib/last-facility';

/** `/staff/f/:facilityId/...`: a facility the caller works at today, else 404 (never say it exists). */
export function FacilityLayout() {
  const facility = useCurrentFacility();
  useEffect(() => {
    if (facility) rememberFacility(facility.id);
  }, [facility]);
  return facility ? <Outlet /> : <NotFound />;
}
