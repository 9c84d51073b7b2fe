import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAvailableFunctions, postChildrenOrder, postUserImage, putUsers, type ResponseOf } from '@renraku/contract/client';
import { api } from '../../lib/api';
import { getSession, setSessionUser, useCurrentUser } from '../../lib/session';
import { imageForm, uploadWithProgress, type PhotoUploadInput } from '../../lib/upload';
import { childrenQueryOptions } from '../../lib/children';

export const functionsQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['functions-available', userId], queryFn: () => api(getAvailableFunctions), enabled: !!userId });

export function useAvailableFunctions() {
  const user = useCurrentUser();
  return useQuery(functionsQueryOptions(user?.id));
}

export function useUpdateName() {
  return useMutation({
    mutationFn: (name: string) => api(putUsers, { body: { name } }),
    onSuccess: (user) => setSessionUser(user),
  });
}

/** Uploads the guardian's own avatar; the new image_url goes into the login state, so the header shows it at once. */
export function useUploadUserImage() {
  return useMutation({
    mutationFn: ({ file, onProgress }: PhotoUploadInput) =>
      uploadWithProgress<ResponseOf<typeof postUserImage>>(postUserImage.path, imageForm(file), onProgress),
    onSuccess: ({ image_url }) => {
      const user = getSession().user;
      if (user) setSessionUser({ ...user, image_url });
    },
  });
}

export function useSaveChildrenOrder() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: (childIds: number[]) => api(postChildrenOrder, { body: { child_ids: childIds } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: childrenQueryOptions(user?.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['children-existence'] }),
      ]),
  });
}
