// Ending a staff session: signing out on a desktop, locking a tablet. The shell and the idle timer use them.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { postStaffDeviceLock, postStaffLogout } from '@renraku/contract/staff';
import { api } from './api';
import { rememberResumePath } from './resume-path';

/** Signs out (desktop): the session ends on the server, the cache is emptied, back to sign-in. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await api(postStaffLogout, { reportUnauthenticated: false });
    } catch {
      // Offline or already ended: the browser forgets it anyway (the cookie ends with the browser).
    } finally {
      setPending(false);
      // Another person's data must never show: the cache goes whether or not the call got through.
      queryClient.clear();
      void navigate('/login', { replace: true, state: { signedOut: true } });
    }
  };
  return { signOut, pending };
}

/**
 * Locks a tablet (by hand or after 5 idle minutes): the PIN session ends, back to the PIN pad; the
 * screen left is where the next unlock returns (the nap grid during a nap).
 */
export function useLockDevice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return async () => {
    rememberResumePath(location.pathname + location.search);
    try {
      await api(postStaffDeviceLock, { reportUnauthenticated: false });
    } catch {
      // Offline: the server ends the PIN session itself after 5 idle minutes; the pad shows now.
    }
    queryClient.clear();
    void navigate('/pin', { replace: true });
  };
}
