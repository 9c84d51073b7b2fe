import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getRecognition,
  postChild,
  postChildrenSession,
  postRecognition,
  putChild,
  type BodyInputOf,
} from '@renraku/contract/client';
import { api } from '../../lib/api';
import { imageForm, uploadWithProgress, type PhotoUploadInput } from '../../lib/upload';

export const recognitionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['recognition', id], queryFn: () => api(getRecognition, { params: { id } }) });

export const useRecognition = (id: number) => useQuery(recognitionQueryOptions(id));

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
