import { ApiRequestError } from '@renraku/ui/api';

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * A multipart upload with progress (fetch cannot report upload progress): the XSRF header as
 * lib/api sends it, errors as ApiRequestError.
 */
export async function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  if (!readCookie('XSRF-TOKEN')) await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' });
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-xsrf-token', readCookie('XSRF-TOKEN') ?? '');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = {};
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new ApiRequestError(xhr.status, data as object));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, {}));
    xhr.send(form);
  });
}

/** What an image upload takes: the chosen file and a progress callback (0–100). */
export interface PhotoUploadInput {
  file: File;
  onProgress: (percent: number) => void;
}

/** The multipart body of both image calls (child photo, own avatar): content_name and upload_file. */
export function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('content_name', file.name);
  form.append('upload_file', file);
  return form;
}
