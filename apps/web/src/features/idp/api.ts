import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  getPasswordResetToken,
  getSignupToken,
  postEmailChange,
  postEmailVerify,
  postPasswordChange,
  postPasswordForgot,
  postPasswordReset,
  postSignup,
  postSignupComplete,
  type BodyInputOf,
} from '@renraku/contract/client';
import { api } from '../../lib/api';
import { reloadSessionUser, setSessionUser } from '../../lib/session';

export const signupTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['idp', 'signup', token],
    queryFn: () => api(getSignupToken, { params: { token } }),
    retry: false,
    staleTime: Infinity,
  });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['idp', 'reset', token],
    queryFn: () => api(getPasswordResetToken, { params: { token } }),
    retry: false,
    staleTime: Infinity,
  });

export const useSignup = () => useMutation({ mutationFn: (body: BodyInputOf<typeof postSignup>) => api(postSignup, { body }) });

export function useCompleteSignup() {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postSignupComplete>) => api(postSignupComplete, { body }),
    onSuccess: (data) => setSessionUser(data.user),
  });
}

export const useForgotPassword = () =>
  useMutation({ mutationFn: (body: BodyInputOf<typeof postPasswordForgot>) => api(postPasswordForgot, { body }) });

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postPasswordReset>) => api(postPasswordReset, { body }),
    // Every session of the user has ended, this browser's too.
    onSuccess: () => setSessionUser(null),
  });
}

export const useChangeEmail = () =>
  useMutation({ mutationFn: (body: BodyInputOf<typeof postEmailChange>) => api(postEmailChange, { body }) });

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => api(postEmailVerify, { body: { token } }),
    onSuccess: () => reloadSessionUser(),
  });
}

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: BodyInputOf<typeof postPasswordChange>) => api(postPasswordChange, { body }) });
