import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fiscalYearOf } from '@renraku/contract/dates';
import {
  deleteStaffNoticeFile,
  getStaffChildren,
  getStaffFacilityNotices,
  getStaffNotice,
  getStaffNoticesVersion,
  getStaffNoticeTracking,
  postStaffFacilityNotice,
  postStaffNoticeFile,
  postStaffNoticeReminder,
  postStaffNoticeWithdraw,
  putStaffNotice,
  staffNoticeCsvPath,
  type StaffNoticeBody,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { ApiRequestError, buildPath } from '@renraku/ui/api';
import { todayInTokyo } from '@renraku/ui/dates';
import { useLiveVersion } from '../../lib/use-live-version';
import { facilityClassesQueryOptions } from '../../lib/classes';

const noticesKey = ['staff', 'notices'];

export const noticesQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...noticesKey, 'facility', facilityId],
    queryFn: ({ signal }) => api(getStaffFacilityNotices, { params: { facilityId }, signal }),
  });
export const useNotices = (facilityId: number) => useQuery(noticesQueryOptions(facilityId));

/** The open list or tracking follows guardians' reads and answers without a reload (as the class board). */
export const useNoticesLive = (facilityId: number) =>
  useLiveVersion(
    ['staff', 'notices-version', facilityId],
    (signal) => api(getStaffNoticesVersion, { params: { facilityId }, signal }),
    noticesKey,
  );

export const useNotice = (noticeId: number | null) =>
  useQuery({
    queryKey: [...noticesKey, 'one', noticeId],
    queryFn: ({ signal }) => api(getStaffNotice, { params: { noticeId: noticeId! }, signal }),
    enabled: noticeId !== null,
  });

export const useTracking = (noticeId: number) =>
  useQuery({
    queryKey: [...noticesKey, 'tracking', noticeId],
    queryFn: ({ signal }) => api(getStaffNoticeTracking, { params: { noticeId }, signal }),
  });

/** The classes of this 年度 and the children enrolled: what a notice can address. */
export const useAudienceChoices = (facilityId: number) => {
  const fiscalYear = fiscalYearOf(todayInTokyo());
  const classes = useQuery(facilityClassesQueryOptions(facilityId, fiscalYear));
  const children = useQuery({
    queryKey: ['staff', 'children', facilityId, 'enrolled'],
    queryFn: ({ signal }) => api(getStaffChildren, { params: { facilityId }, query: {}, signal }),
  });
  return { classes, children };
};

export function useSaveNotice(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StaffNoticeBody }) =>
      id === null
        ? api(postStaffFacilityNotice, { params: { facilityId }, body })
        : api(putStaffNotice, { params: { noticeId: id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: number) => api(postStaffNoticeWithdraw, { params: { noticeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export function useDeleteNoticeFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noticeId, fileId }: { noticeId: number; fileId: number }) =>
      api(deleteStaffNoticeFile, { params: { noticeId, fileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export function useRemind(noticeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: 'unread' | 'unanswered') => api(postStaffNoticeReminder, { params: { noticeId }, body: { to } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...noticesKey, 'tracking', noticeId] }),
  });
}

export const trackingCsvUrl = (noticeId: number) => buildPath(staffNoticeCsvPath, { noticeId });

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * Uploads one file with progress (fetch reports none): XMLHttpRequest with the same XSRF header as
 * `api`. Answers the stored file; a refusal rejects with the server's message.
 */
export async function uploadNoticeFile(noticeId: number, file: File, onProgress: (fraction: number) => void) {
  if (!readCookie('XSRF-TOKEN')) await fetch('/api/staff/csrf-cookie', { credentials: 'same-origin' });
  const form = new FormData();
  form.append('upload_file', file, file.name);
  return new Promise<{ id: number; name: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildPath(postStaffNoticeFile.path, { noticeId }));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-xsrf-token', readCookie('XSRF-TOKEN') ?? '');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { message?: string; errors?: Record<string, string[]>; id?: number; name?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: the generic message below
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as { id: number; name: string });
      else reject(new ApiRequestError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, {}));
    xhr.send(form);
  });
}
