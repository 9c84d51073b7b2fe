import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteChildPickupCode,
  deleteChildPickupPerson,
  getChildPickupCodes,
  getChildPickupPersons,
  postChildPickupCode,
  getRecognition,
  postChild,
  postChildrenSession,
  postRecognition,
  putChild,
  type BodyInputOf,
  type ChildPickupPerson,
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

export const pickupPersonsQueryOptions = (childId: number) =>
  queryOptions({
    queryKey: ['child', childId, 'pickup-persons'],
    queryFn: () => api(getChildPickupPersons, { params: { childId } }),
  });

/** The child's お迎え登録者, registered and waiting for the facility (every guardian of the child). */
export const usePickupPersons = (childId: number) => useQuery(pickupPersonsQueryOptions(childId));

export interface PickupProposal {
  name: string;
  relation: string;
  phone: string;
  photo: File | null;
  onProgress: (percent: number) => void;
}

/** The main guardian proposes one (multipart: the fields and an optional photo, with progress). */
export function useProposePickupPerson(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, relation, phone, photo, onProgress }: PickupProposal) => {
      const form = new FormData();
      form.append('name', name);
      form.append('relation', relation);
      form.append('phone', phone);
      if (photo) {
        form.append('content_name', photo.name);
        form.append('upload_file', photo);
      }
      return uploadWithProgress<ChildPickupPerson>(`/api/children/${childId}/pickup-persons`, form, onProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupPersonsQueryOptions(childId).queryKey }),
  });
}

/** The main guardian withdraws a proposal the facility has not answered yet. */
export function useWithdrawPickupProposal(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pickupPersonId: number) => api(deleteChildPickupPerson, { params: { childId, pickupPersonId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupPersonsQueryOptions(childId).queryKey }),
  });
}

export const pickupCodesQueryOptions = (childId: number) =>
  queryOptions({
    queryKey: ['child', childId, 'pickup-codes'],
    queryFn: () => api(getChildPickupCodes, { params: { childId } }),
  });

/** Only the main guardian's: the others are not asked (the server would answer 403). */
export const usePickupCodes = (childId: number, enabled: boolean) => useQuery({ ...pickupCodesQueryOptions(childId), enabled });

/** The main guardian issues a one-time code for a substitute: the answer holds the code, shown once. */
export function useIssuePickupCode(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api(postChildPickupCode, { params: { childId }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupCodesQueryOptions(childId).queryKey }),
  });
}

export function useCancelPickupCode(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: number) => api(deleteChildPickupCode, { params: { childId, codeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupCodesQueryOptions(childId).queryKey }),
  });
}
