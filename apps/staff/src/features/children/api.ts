import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '@renraku/contract/client';
import {
  deleteStaffChildGuardian,
  getStaffChild,
  getStaffChildGuardians,
  getStaffChildren,
  postStaffChild,
  postStaffChildRegistration,
  postStaffChildrenImport,
  postStaffChildrenImportPreview,
  postStaffClass,
  putStaffChild,
  putStaffClass,
  deleteStaffPickupPerson,
  getStaffPickupPersons,
  postStaffPickupPerson,
  putStaffPickupPerson,
  postStaffChildImage,
  deleteStaffChildImage,
  postStaffPickupPersonImage,
  deleteStaffPickupPersonImage,
} from '@renraku/contract/staff';
import { childViewHeaders } from './child-view';
import { api } from '../../lib/api';
import { classesKey, facilityClassesQueryOptions } from '../../lib/classes';

/** Every roster query of a facility starts with this key, so a write refreshes them all at once. */
const rosterKey = (facilityId: number) => ['staff', 'roster', facilityId] as const;

export const classesQueryOptions = (facilityId: number, fiscalYear: number) =>
  facilityClassesQueryOptions(facilityId, fiscalYear);

/** The facility's classes of a 年度, in their order. */
export function useClasses(facilityId: number, fiscalYear: number) {
  return useQuery(classesQueryOptions(facilityId, fiscalYear));
}

/** A roster write (a class, a child, an enrolment): the roster and every screen's class list with its sizes (lib/classes.ts). */
const refreshRoster = (queryClient: QueryClient, facilityId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rosterKey(facilityId) }),
    queryClient.invalidateQueries({ queryKey: classesKey(facilityId) }),
  ]);

export function useCreateClass(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postStaffClass>) => api(postStaffClass, { params: { facilityId }, body }),
    onSuccess: () => refreshRoster(queryClient, facilityId),
  });
}

export function useUpdateClass(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, body }: { classId: number; body: BodyInputOf<typeof putStaffClass> }) =>
      api(putStaffClass, { params: { classId }, body }),
    onSuccess: () => refreshRoster(queryClient, facilityId),
  });
}

export interface RosterFilter {
  classId: number | null;
  includeLeft: boolean;
}

export const childrenQueryOptions = (facilityId: number, filter: RosterFilter) =>
  queryOptions({
    queryKey: [...rosterKey(facilityId), 'children', filter],
    queryFn: ({ signal }) =>
      api(getStaffChildren, {
        params: { facilityId },
        query: { class_id: filter.classId ?? undefined, include_left: filter.includeLeft ? '1' : undefined },
        signal,
      }),
  });

/** The facility's roster, optionally one class, optionally with the children who have left. */
export function useChildren(facilityId: number, filter: RosterFilter) {
  return useQuery(childrenQueryOptions(facilityId, filter));
}

export function useCreateChild(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postStaffChild>) => api(postStaffChild, { params: { facilityId }, body }),
    onSuccess: () => refreshRoster(queryClient, facilityId),
  });
}

// A child's record and guardians (reads the server audits) are keyed by the child, not the facility.
export const childQueryOptions = (childId: number) =>
  queryOptions({
    queryKey: ['staff', 'child', childId],
    queryFn: ({ signal }) => api(getStaffChild, { params: { childId }, signal, headers: childViewHeaders(childId) }),
  });

/** A child's personal record (allergies, care notes). */
export function useChild(childId: number) {
  return useQuery(childQueryOptions(childId));
}

export function useUpdateChild(facilityId: number, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof putStaffChild>) => api(putStaffChild, { params: { childId }, body }),
    onSuccess: (child) => {
      queryClient.setQueryData(childQueryOptions(childId).queryKey, child);
      return refreshRoster(queryClient, facilityId);
    },
  });
}

export const childGuardiansQueryOptions = (childId: number) =>
  queryOptions({
    queryKey: ['staff', 'child', childId, 'guardians'],
    queryFn: ({ signal }) => api(getStaffChildGuardians, { params: { childId }, signal, headers: childViewHeaders(childId) }),
  });

/** The child's linked guardians, pending invitations and whether a registration URL is valid. */
export function useChildGuardians(childId: number) {
  return useQuery(childGuardiansQueryOptions(childId));
}

export function useUnlinkGuardian(facilityId: number, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api(deleteStaffChildGuardian, { params: { childId, userId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: childGuardiansQueryOptions(childId).queryKey }),
        refreshRoster(queryClient, facilityId),
      ]),
  });
}

/** Issues (or re-issues) the child's registration URL: the answer is the only time the URL is known. */
export function useIssueRegistration(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(postStaffChildRegistration, { params: { childId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childGuardiansQueryOptions(childId).queryKey }),
  });
}

/** Reads a roster CSV on the server and answers every row with its errors; writes nothing. */
export function useImportPreview(facilityId: number) {
  return useMutation({
    mutationFn: (fileBase64: string) =>
      api(postStaffChildrenImportPreview, { params: { facilityId }, body: { file_base64: fileBase64 } }),
  });
}

/** Imports a roster CSV, all or nothing. */
export function useImportChildren(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileBase64: string) =>
      api(postStaffChildrenImport, { params: { facilityId }, body: { file_base64: fileBase64 } }),
    onSuccess: () => refreshRoster(queryClient, facilityId),
  });
}

const pickupKey = (childId: number) => ['staff', 'pickup', childId] as const;

/** The child's お迎え登録者 (an audited read, like the record). */
export function usePickupPersons(childId: number) {
  return useQuery({
    queryKey: pickupKey(childId),
    queryFn: ({ signal }) => api(getStaffPickupPersons, { params: { childId }, signal, headers: childViewHeaders(childId) }),
  });
}

/** After a pick-up change: the list, and the roster's count of proposals waiting. */
const pickupChanged = (queryClient: ReturnType<typeof useQueryClient>, childId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: pickupKey(childId) }),
    queryClient.invalidateQueries({ queryKey: ['staff', 'roster'] }),
  ]);

/** Adds one (with an optional photo, sent once the person exists), or edits one (approving a proposal). */
export function useSavePickupPerson(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      photo,
    }: {
      id: number | null;
      body: BodyInputOf<typeof postStaffPickupPerson>;
      photo?: File | null;
    }) => {
      const saved =
        id === null
          ? await api(postStaffPickupPerson, { params: { childId }, body })
          : await api(putStaffPickupPerson, { params: { pickupPersonId: id }, body });
      // The person is saved either way; a refused photo (not an image) is answered beside it.
      const photoError = photo
        ? await api(postStaffPickupPersonImage, { params: { pickupPersonId: saved.id }, body: photoForm(photo) }).then(
            () => null,
            (error: unknown) => error,
          )
        : null;
      return { person: saved, photoError };
    },
    onSettled: () => pickupChanged(queryClient, childId),
  });
}

export function useDeletePickupPerson(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteStaffPickupPerson, { params: { pickupPersonId: id } }),
    onSuccess: () => pickupChanged(queryClient, childId),
  });
}

/** The multipart body of a photo upload (the server reads `upload_file`). */
export function photoForm(file: File): FormData {
  const form = new FormData();
  form.append('content_name', file.name);
  form.append('upload_file', file);
  return form;
}

/** Sets (a file) or removes (null) the child's photo; the record and the roster show it. */
export function useChildPhoto(facilityId: number, childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) =>
      file
        ? api(postStaffChildImage, { params: { childId }, body: photoForm(file) }).then(() => '写真を登録しました')
        : api(deleteStaffChildImage, { params: { childId } }).then((r) => r.message),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: childQueryOptions(childId).queryKey }),
        refreshRoster(queryClient, facilityId),
      ]),
  });
}

/** Sets (a file) or removes (null) a pick-up person's photo. */
export function usePickupPersonPhoto(childId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file
        ? api(postStaffPickupPersonImage, { params: { pickupPersonId: id }, body: photoForm(file) })
        : api(deleteStaffPickupPersonImage, { params: { pickupPersonId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickupKey(childId) }),
  });
}
