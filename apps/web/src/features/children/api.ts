import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getChild,
  getChildren,
  getChildrenExistence,
  getChildUser,
  getRecognition,
  postChild,
  postChildrenSession,
  postRecognition,
  putChild,
  type BodyInputOf,
} from '@renraku/contract/client';
import { api } from '../../lib/api';
import { imageForm, uploadWithProgress, type PhotoUploadInput } from '../../lib/upload';
import { useCurrentUser } from '../auth/api';

export const childrenQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['children', userId], queryFn: () => api(getChildren), enabled: !!userId });

export const existenceQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['children-existence', userId], queryFn: () => api(getChildrenExistence), enabled: !!userId });

export const childQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['child', id], queryFn: () => api(getChild, { params: { id } }) });

export const recognitionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['recognition', id], queryFn: () => api(getRecognition, { params: { id } }) });

export const childUserQueryOptions = (childId: number, userId: number) =>
  queryOptions({
    queryKey: ['child', childId, 'users', userId],
    queryFn: () => api(getChildUser, { params: { childId, userId } }),
  });

/** The signed-in user's children (reloads when the user changes; empty when logged out). */
export function useChildren() {
  const user = useCurrentUser();
  const query = useQuery(childrenQueryOptions(user?.id));
  return { ...query, children: user ? (query.data ?? []) : [] };
}

export function useExistence() {
  const user = useCurrentUser();
  const query = useQuery(existenceQueryOptions(user?.id));
  return { ...query, existence: user ? (query.data ?? []) : [] };
}

export const useChild = (id: number) => useQuery(childQueryOptions(id));
export const useRecognition = (id: number) => useQuery(recognitionQueryOptions(id));
export const useChildUser = (childId: number, userId: number) => useQuery(childUserQueryOptions(childId, userId));

/** The reload trigger (A §1): every child-derived query refetches. */
export function useReloadChildren() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['children', 'children-existence', 'child', 'functions-available'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

export function useChildSession() {
  return useMutation({ mutationFn: (body: BodyInputOf<typeof postChildrenSession>) => api(postChildrenSession, { body }) });
}

export function useRegisterChild() {
  const reload = useReloadChildren();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postChild>) => api(postChild, { body }),
    onSuccess: () => reload(),
  });
}

export function useUpdateChild(id: number) {
  const reload = useReloadChildren();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof putChild>) => api(putChild, { params: { id }, body }),
    onSuccess: () => reload(),
  });
}

export function useAnswerRecognition() {
  const reload = useReloadChildren();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postRecognition>) => api(postRecognition, { body }),
    onSuccess: () => reload(),
  });
}

export function useUploadChildImage(childId: number) {
  const reload = useReloadChildren();
  return useMutation({
    mutationFn: ({ file, onProgress }: PhotoUploadInput) =>
      uploadWithProgress<{ image_url: string }>(`/api/children/${childId}/images`, imageForm(file), onProgress),
    onSuccess: () => reload(),
  });
}
