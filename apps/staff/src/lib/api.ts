import { messages } from '@renraku/contract/client/messages';
import type { ApiError, BodyInputOf, Call, ParamsOf, QueryOf, ResponseOf } from '@renraku/contract/client';
import { toQueryString } from '@renraku/ui';

/** A failed call: its status and the server's `{message, errors?}`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiError>,
  ) {
    super(body.message ?? messages.genericError);
  }
}

/** The text to show for a failure: field errors joined by line breaks, else the message, else the fallback (DESIGN §4). */
export function errorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const fieldErrors = error.body.errors ? Object.values(error.body.errors).flat() : [];
    if (fieldErrors.length > 0) return fieldErrors.join('\n');
    if (error.body.message) return error.body.message;
  }
  return messages.genericError;
}

/** The status of a failed call, or undefined for a network failure or another error. */
export const statusOf = (error: unknown): number | undefined => (error instanceof ApiRequestError ? error.status : undefined);

let onUnauthenticated: (() => void) | undefined;
/** What a 401 on any call does (set once by the app: forget the staff member, so the guard sends them to sign in). */
export function setUnauthenticatedHandler(handler: () => void) {
  onUnauthenticated = handler;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

async function ensureXsrfCookie(force = false) {
  if (!force && readCookie('XSRF-TOKEN')) return;
  await fetch('/api/staff/csrf-cookie', { credentials: 'same-origin' });
}

/** A contract path with its `{param}`s filled in and the query appended. */
export function buildPath(path: string, params?: Record<string, unknown>, query?: unknown): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
  const search = toQueryString(query);
  return search ? `${filled}?${search}` : filled;
}

type Input<C extends Call> = {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  /** JSON, or a multipart form (photo uploads: the browser sets its content type). */
  body?: BodyInputOf<C> | FormData;
  signal?: AbortSignal;
  /** Extra request headers (the child page's audit view id). */
  headers?: Record<string, string>;
  /** Default true: a 401 tells the app that the staff session has ended. */
  reportUnauthenticated?: boolean;
};

/**
 * Calls one contract entry: the cookies, the XSRF header on mutating calls (the XSRF-TOKEN cookie
 * from GET /api/staff/csrf-cookie, bound to the sessions, echoed in X-XSRF-TOKEN, as Sanctum does), JSON, and failures as
 * ApiRequestError. (The same client as apps/web/src/lib/api.ts, copied: the two apps share no code.)
 */
export async function api<C extends Call>(call: C, input: Input<C> = {}): Promise<ResponseOf<C>> {
  const mutating = call.method !== 'GET';
  const url = buildPath(call.path, input.params as Record<string, unknown>, input.query);
  const send = async () => {
    if (mutating) await ensureXsrfCookie();
    const headers: Record<string, string> = { accept: 'application/json', ...input.headers };
    const xsrf = readCookie('XSRF-TOKEN');
    if (mutating && xsrf) headers['x-xsrf-token'] = xsrf;
    let body: BodyInit | undefined;
    if (input.body instanceof FormData) body = input.body;
    else if (mutating) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body ?? {});
    }
    return fetch(url, { method: call.method, headers, body, credentials: 'same-origin', signal: input.signal });
  };

  let response = await send();
  // 419: the XSRF cookie expired or was never set; fetch a new one and try once more.
  if (response.status === 419) {
    await ensureXsrfCookie(true);
    response = await send();
  }
  if (response.status === 204) return null as ResponseOf<C>;
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    if (response.status === 401 && input.reportUnauthenticated !== false) onUnauthenticated?.();
    throw new ApiRequestError(response.status, (data ?? {}) as Partial<ApiError>);
  }
  return data as ResponseOf<C>;
}
