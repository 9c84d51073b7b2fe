import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/loading';
import { setUnauthenticatedHandler } from '../lib/api';
import { OperatorContext } from '../lib/operator';
import { setSessionUser, useSession } from '../lib/session';
import { UiGate } from './ui-gate';

/** Checks the login state and loads the constants; shows the loading state until both finish (A §1). */
export function Root() {
  const { user, constants } = useSession();

  useEffect(() => {
    // A 401 on any call means the session ended: forget the user; the guard then goes to /login.
    setUnauthenticatedHandler(() => setSessionUser(null));
  }, []);

  if (user === undefined || !constants) return <Loading />;
  return (
    <OperatorContext.Provider value={constants.operator}>
      <UiGate>
        <Outlet />
      </UiGate>
    </OperatorContext.Provider>
  );
}
