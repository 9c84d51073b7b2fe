import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '@renraku/contract/client';
import { postStaffLogin, postStaffLoginTotp, postStaffLogout } from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { staffMeQueryOptions } from '../../lib/staff-session';

/**
 * After a step of the sign-in: nothing cached for another person may show, and who is signed in
 * (and at which stage) is asked again; the login screen follows the answer.
 */
function useAfterSignInStep() {
  const queryClient = useQueryClient();
  const meKey = staffMeQueryOptions().queryKey;
  return async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(meKey) });
    await queryClient.refetchQueries({ queryKey: meKey });
  };
}

export function useStaffLogin() {
  const after = useAfterSignInStep();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postStaffLogin>) => api(postStaffLogin, { body, reportUnauthenticated: false }),
    onSuccess: after,
  });
}

export function useStaffLoginTotp() {
  const after = useAfterSignInStep();
  return useMutation({
    mutationFn: (code: string) => api(postStaffLoginTotp, { body: { code }, reportUnauthenticated: false }),
    onSuccess: after,
  });
}

/** 「別のアカウントでログイン」 at the code step: the half-done sign-in ends. */
export function useCancelSignIn() {
  const after = useAfterSignInStep();
  return useMutation({
    mutationFn: () => api(postStaffLogout, { reportUnauthenticated: false }),
    onSettled: after,
  });
}
