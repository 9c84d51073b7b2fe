import { takeFirstAnswer } from './first-answers';
import { toQueryString } from '@renraku/ui';
// The entry bundles this module: import the contract's narrow modules, not the whole client barrel
// (docs/decisions/web-initial-bundle.md).
import { messages } from '@renraku/contract/client/messages';
import type { ApiError, BodyInputOf, Call, ParamsOf, QueryOf, ResponseOf } from '@renraku/contract/client';

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

let onUnauthenticated: (() => void) | undefined;
/** The app sends a 401 to /login?referrer_path=… (set once by the router). */
export function setUnauthenticatedHandler(handler: () => void) {
  onUnauthenticated = handler;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

async function ensureXsrfCookie(force = false) {
  if (!force && readCookie('XSRF-TOKEN')) return;
  await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' });
}

export function buildPath(path: string, params?: Record<string, unknown>, query?: unknown): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
  const search = toQueryString(query);
  return search ? `${filled}?${search}` : filled;
}

type Input<C extends Call> = {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  body?: BodyInputOf<C> | FormData;
  signal?: AbortSignal;
  /** Default true: a 401 goes to the login page. */
  redirectOn401?: boolean;
  /** Sees the status of a success (e.g. 202 of POST /api/users/invite). */
  onStatus?: (status: number) => void;
  /** Extra request headers (the dev mailbox's key). */
  headers?: Record<string, string>;
};

/** Calls one contract entry: cookies, the XSRF header, JSON, and errors as ApiRequestError. */
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
    else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    } else if (mutating) {
      headers['content-type'] = 'application/json';
      body = '{}';
    }
    return fetch(url, { method: call.method, headers, body, credentials: 'same-origin', signal: input.signal });
  };

  // The home's first GETs may have been asked for at start (lib/first-answers.ts); a failed one is asked again.
  const early = mutating ? undefined : takeFirstAnswer(url);
  let response = early ? await early.catch(send) : await send();
  if (response.status === 419) {
    await ensureXsrfCookie(true);
    response = await send();
  }
  if (response.status === 204) return null as ResponseOf<C>;
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    if (response.status === 401 && input.redirectOn401 !== false) onUnauthenticated?.();
    throw new ApiRequestError(response.status, (data ?? {}) as Partial<ApiError>);
  }
  input.onStatus?.(response.status);
  return data as ResponseOf<C>;
}
