import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getChildUser,
  getInviteVerify,
  postInvite,
  putChangeMain,
  putChangeWritable,
  putDetach,
  putRelationType,
} from '@renraku/contract/client';
import { api } from '../../lib/api';
import { childQueryOptions } from '../../lib/children';

type Pair = { childId: number; userId: number };

// Under the child's key: a change to the child (or its reload) refetches its guardians too.
export const childUserQueryOptions = (childId: number, userId: number) =>
  queryOptions({
    queryKey: ['child', childId, 'users', userId],
    queryFn: () => api(getChildUser, { params: { childId, userId } }),
  });

export const useChildUser = (childId: number, userId: number) => useQuery(childUserQueryOptions(childId, userId));

function useInvalidateChild() {
  const queryClient = useQueryClient();
  return (childId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['child', childId] }),
      queryClient.invalidateQueries({ queryKey: ['children'] }),
    ]);
}

export function useToggleWritable() {
  const invalidate = useInvalidateChild();
  return useMutation({
    mutationFn: (body: Pair) => api(putChangeWritable, { body }),
    onSuccess: (_d, v) => invalidate(v.childId),
  });
}

/**
 * The caller leaves the detached guardian's page at once (its onSuccess navigates). Nothing here
 * refetches that page's own data, which now answers 404: the page would take the failure for a
 * load error and send the user to /users/setting instead (useLoadFailure), and waiting for it
 * held up the navigation. The child's guardian list drops the guardian now; the child's data is
 * marked stale (refetched when its page shows) and the child list refetches in the background.
 */
export function useDetach() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pair) => api(putDetach, { body }),
    onSuccess: (_d, { childId, userId }) => {
      queryClient.setQueryData(childQueryOptions(childId).queryKey, (child) =>
        child ? { ...child, users: child.users.filter((guardian) => guardian.id !== userId) } : child,
      );
      void queryClient.invalidateQueries({ queryKey: ['child', childId], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['children'] });
    },
  });
}

export function useChangeMain() {
  const invalidate = useInvalidateChild();
  return useMutation({ mutationFn: (body: Pair) => api(putChangeMain, { body }), onSuccess: (_d, v) => invalidate(v.childId) });
}

export function useChangeRelationType() {
  const invalidate = useInvalidateChild();
  return useMutation({
    mutationFn: (body: Pair & { type: number }) => api(putRelationType, { body }),
    onSuccess: (_d, v) => invalidate(v.childId),
  });
}

/** Answers whether the address had no account yet (202: sign-up guidance sent). */
export function useInvite() {
  const invalidate = useInvalidateChild();
  return useMutation({
    mutationFn: async (body: { child_id: number; email: string; type: number; writable: boolean }) => {
      let status = 200;
      const result = await api(postInvite, { body, onStatus: (s) => (status = s) });
      return { ...result, guidance: status === 202 };
    },
    onSuccess: (_d, v) => invalidate(v.child_id),
  });
}

export function useVerifyInvitation() {
  return useMutation({ mutationFn: (token: string) => api(getInviteVerify, { params: { token } }) });
}
