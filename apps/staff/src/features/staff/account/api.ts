import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postStaffTotpEnable, postStaffTotpSetup, putStaffPin } from '@renraku/contract/staff';
import { api } from '../../../lib/api';
import { staffMeQueryOptions } from '../../../lib/staff-session';

/** A new TOTP secret and its otpauth:// URI (replaces an unconfirmed one). */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: () => api(postStaffTotpSetup) });
}

/**
 * Confirms the enrolment with a first code; answers the recovery codes. Who is signed in is asked
 * again only when the codes have been put away (`useRefreshMe`), so the codes stay on screen.
 */
export function useEnableTotp() {
  return useMutation({ mutationFn: (code: string) => api(postStaffTotpEnable, { body: { code } }) });
}

export function useRefreshMe() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffMeQueryOptions().queryKey });
}

export function useSetPin() {
  const refreshMe = useRefreshMe();
  return useMutation({
    mutationFn: (pin: string) => api(putStaffPin, { body: { pin } }),
    onSuccess: () => refreshMe(),
  });
}
