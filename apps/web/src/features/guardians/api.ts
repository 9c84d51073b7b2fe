import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getInviteVerify,
  postInvite,
  putChangeMain,
  putChangeWritable,
  putDetach,
  putRelationType,
} from '@renraku/contract/client';
import { api } from '../../lib/api';

type Pair = { childId: number; userId: number };

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

export function useDetach() {
  const invalidate = useInvalidateChild();
  return useMutation({ mutationFn: (body: Pair) => api(putDetach, { body }), onSuccess: (_d, v) => invalidate(v.childId) });
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
