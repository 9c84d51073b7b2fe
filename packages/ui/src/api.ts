// Both apps' entries bundle this module: the contract's narrow modules only, not the whole client
// barrel (docs/decisions/web-initial-bundle.md).
import { messages } from '@renraku/contract/client/messages';
import type { ApiError, BodyInputOf, Call, ParamsOf, QueryOf, ResponseOf } from '@renraku/contract/client';
import { toQueryString } from './query-string';

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

/** A contract path with its `{param}`s filled in and the query appended. */
export function buildPath(path: string, params?: Record<string, unknown>, query?: unknown): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
  const search = toQueryString(query);
  return search ? `${filled}?${search}` : filled;
}

export type CallInput<C extends Call> = {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  /** JSON, or a multipart form (uploads: the browser sets its content type). */
  body?: BodyInputOf<C> | FormData;
  signal?: AbortSignal;
  /** Extra request headers (the dev mailbox's key, the staff child page's audit view id). */
  headers?: Record<string, string>;
  /** Default true: a 401 calls the app's unauthenticated handler (the session has ended). */
  reportUnauthenticated?: boolean;
  /** Sees the status of a success (e.g. 202 of POST /api/users/invite). */
  onStatus?: (status: number) => void;
};

/** Calls one contract entry (see createApiClient). */
export type Api = <C extends Call>(call: C, input?: CallInput<C>) => Promise<ResponseOf<C>>;

/**
 * One app's API client (apps/web/src/lib/api.ts, apps/staff/src/lib/api.ts), as `[api,
 * setUnauthenticatedHandler]` (a pair, as React's useState: the guardian app's entry carries it).
 * `api` calls one contract entry: the cookies, the XSRF header on mutating calls (the XSRF-TOKEN
 * cookie from `csrfCookiePath`, echoed in X-XSRF-TOKEN as Sanctum does; a 419 fetches a new one and
 * tries once more), JSON, and failures as ApiRequestError. `earlyAnswer`: an answer to a GET asked
 * for before the app ran (the guardian home's first calls), taken once; a failed one is asked again.
 * The handler is what a 401 on any call does (set once by the app).
 */
export function createApiClient(
  csrfCookiePath: string,
  earlyAnswer?: (url: string) => Promise<Response> | undefined,
): [api: Api, setUnauthenticatedHandler: (handler: () => void) => void] {
  let onUnauthenticated: (() => void) | undefined;

  const xsrfToken = (): string | undefined => {
    const match = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie);
    return match ? decodeURIComponent(match[1]!) : undefined;
  };
  const fetchXsrfCookie = () => fetch(csrfCookiePath, { credentials: 'same-origin' });

  async function api<C extends Call>(call: C, input: CallInput<C> = {}): Promise<ResponseOf<C>> {
    const mutating = call.method !== 'GET';
    const url = buildPath(call.path, input.params as Record<string, unknown>, input.query);
    const request = async () => {
      const headers: Record<string, string> = { accept: 'application/json', ...input.headers };
      let body: BodyInit | undefined;
      // A read carries neither the XSRF header nor a body (fetch refuses one on GET).
      if (mutating) {
        if (!xsrfToken()) await fetchXsrfCookie();
        const xsrf = xsrfToken();
        if (xsrf) headers['x-xsrf-token'] = xsrf;
        if (input.body instanceof FormData) body = input.body;
        else {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(input.body ?? {});
        }
      }
      return fetch(url, { method: call.method, headers, body, credentials: 'same-origin', signal: input.signal });
    };

    // A read the app asked for at start is taken from there once; a failed one is asked again.
    let response = await ((mutating ? undefined : earlyAnswer?.(url))?.catch(request) ?? request());
    // 419: the XSRF cookie expired or was never set; fetch a new one and try once more.
    if (response.status === 419) {
      await fetchXsrfCookie();
      response = await request();
    }
    if (response.status === 204) return null as ResponseOf<C>;
    const data: unknown = await response.json().catch(() => ({}));
    if (!response.ok) {
      if (response.status === 401 && input.reportUnauthenticated !== false) onUnauthenticated?.();
      throw new ApiRequestError(response.status, (data ?? {}) as Partial<ApiError>);
    }
    input.onStatus?.(response.status);
    return data as ResponseOf<C>;
  }

  return [
    api,
    (handler) => {
      onUnauthenticated = handler;
    },
  ];
}
