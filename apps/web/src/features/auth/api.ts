import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@renraku/contract/client';
// In the entry bundle: the calls alone, not the client barrel with every area's constants.
import { getConfigConst, getLoginCheck, postLogin, postLogout, putUsersAgreedAt } from '@renraku/contract/client/calls';
import { api } from '../../lib/api';
import { native } from '../../lib/native';

export const loginCheckQueryOptions = () =>
  queryOptions({
    queryKey: ['login-check'],
    queryFn: () => api(getLoginCheck, { redirectOn401: false }),
    staleTime: Infinity,
  });

export const constantsQueryOptions = () =>
  queryOptions({ queryKey: ['config-const'], queryFn: () => api(getConfigConst), staleTime: Infinity });

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  return useQuery(loginCheckQueryOptions()).data?.user ?? null;
}

export function useConstants() {
  return useQuery(constantsQueryOptions());
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string; remember: boolean }) => api(postLogin, { body, redirectOn401: false }),
    onSuccess: (data) => {
      // Another user's cached data must never show: start from a clean cache.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config-const' });
      queryClient.setQueryData(loginCheckQueryOptions().queryKey, { user: data.user });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(postLogout),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config-const' });
      queryClient.setQueryData(loginCheckQueryOptions().queryKey, { user: null });
      native.deletePushToken();
    },
  });
}

export function useAgreeTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(putUsersAgreedAt),
    onSuccess: (user) => queryClient.setQueryData(loginCheckQueryOptions().queryKey, { user }),
  });
}
