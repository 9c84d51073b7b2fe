import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/loading';
import { constantsQueryOptions, loginCheckQueryOptions } from '../features/auth/api';
import { setUnauthenticatedHandler } from '../lib/api';
import { OperatorContext } from '../lib/operator';

/** Checks the login state and loads the constants; shows the loading state until both finish (A §1). */
export function Root() {
  const queryClient = useQueryClient();
  const loginCheck = useQuery(loginCheckQueryOptions());
  const constants = useQuery(constantsQueryOptions());

  useEffect(() => {
    // A 401 on any call means the session ended: forget the user; the guard then goes to /login.
    setUnauthenticatedHandler(() => queryClient.setQueryData(loginCheckQueryOptions().queryKey, { user: null }));
  }, [queryClient]);

  if (!loginCheck.data || !constants.data) return <Loading />;
  return (
    <OperatorContext.Provider value={constants.data.operator}>
      <Outlet />
    </OperatorContext.Provider>
  );
}
