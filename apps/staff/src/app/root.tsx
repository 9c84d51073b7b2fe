import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { setUnauthenticatedHandler } from '../lib/api';
import { staffMeQueryOptions } from '../lib/staff-session';
import { queryClient } from './query-client';

/** The top of the route table: a 401 on any call means the staff session ended, so the guard takes over. */
export function Root() {
  useEffect(() => {
    setUnauthenticatedHandler(() => queryClient.setQueryData(staffMeQueryOptions().queryKey, null));
  }, []);
  return <Outlet />;
}
