import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteStaffPhotoFile, getStaffClassPhotos, postStaffClassPhoto, type StaffPhoto } from '@renraku/contract/staff';
import { api } from '../../../lib/api';
import { ApiRequestError, buildPath } from '@renraku/ui/api';

export const classPhotosKey = (classId: number, date: string) => ['staff', 'photos', classId, date] as const;

/** The class's photos of the day, with the children to tag. */
export function useClassPhotos(classId: number, date: string) {
  return useQuery({
    queryKey: classPhotosKey(classId, date),
    queryFn: ({ signal }) => api(getStaffClassPhotos, { params: { classId }, query: { date }, signal }),
  });
}

/** Removes one placement (a wrong tag); the day is read again. */
export function useRemovePlacement(classId: number, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => api(deleteStaffPhotoFile, { params: { fileId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classPhotosKey(classId, date) }),
  });
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export interface PhotoTags {
  childIds: number[];
  toClass: boolean;
}

/**
 * Uploads one photo with XMLHttpRequest, whose upload events give the progress that fetch does
 * not; the same cookies and XSRF header as `api`. One request per photo: a failure loses only it.
 */
export async function uploadPhoto(
  classId: number,
  date: string,
  file: File,
  tags: PhotoTags,
  onProgress: (fraction: number) => void,
): Promise<StaffPhoto> {
  if (!readCookie('XSRF-TOKEN')) await fetch('/api/staff/csrf-cookie', { credentials: 'same-origin' });
  const form = new FormData();
  form.append('date', date);
  form.append('child_ids', tags.childIds.join(','));
  form.append('to_class', tags.toClass ? 'true' : 'false');
  form.append('content_name', file.name);
  form.append('upload_file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildPath(postStaffClassPhoto.path, { classId }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('x-xsrf-token', xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML page: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as StaffPhoto);
      } else reject(new ApiRequestError(xhr.status, body as { message?: string }));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.send(form);
  });
}
