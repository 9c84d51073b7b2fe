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

/** The query cache's retry rule: a 4xx will not change by asking again; network failures and 5xx are tried twice more. */
export const retryUnlessClientError = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiRequestError && error.status < 500) && failureCount < 2;

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

export interface ApiClientOptions {
  /** The GET that sets the XSRF-TOKEN cookie (the guardian's `/sanctum/csrf-cookie`, the staff's `/api/staff/csrf-cookie`). */
  csrfCookiePath: string;
  /** An answer to a GET asked for before the app ran (the guardian home's first calls); a failed one is asked again. */
  earlyAnswer?: (url: string) => Promise<Response> | undefined;
  /** The network edge, replaceable in tests: the platform's fetch and document.cookie by default. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  cookies?: () => string;
}

export interface ApiClient {
  /**
   * Calls one contract entry: the cookies, the XSRF header on mutating calls (the XSRF-TOKEN cookie,
   * echoed in X-XSRF-TOKEN as Sanctum does; a 419 fetches a new one and tries once more), JSON, and
   * failures as ApiRequestError.
   */
  api<C extends Call>(call: C, input?: CallInput<C>): Promise<ResponseOf<C>>;
  /** What a 401 on any call does (set once by the app). */
  setUnauthenticatedHandler(handler: () => void): void;
}

/** One app's API client (apps/web/src/lib/api.ts, apps/staff/src/lib/api.ts). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = (url: string, init: RequestInit) => (options.fetch ?? fetch)(url, init);
  const cookies = () => (options.cookies ? options.cookies() : document.cookie);
  let onUnauthenticated: (() => void) | undefined;

  const readCookie = (name: string): string | undefined => {
    const match = cookies()
      .split('; ')
      .find((c) => c.startsWith(`${name}=`));
    return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
  };

  const ensureXsrfCookie = async (force = false) => {
    if (!force && readCookie('XSRF-TOKEN')) return;
    await send(options.csrfCookiePath, { credentials: 'same-origin' });
  };

  async function api<C extends Call>(call: C, input: CallInput<C> = {}): Promise<ResponseOf<C>> {
    const mutating = call.method !== 'GET';
    const url = buildPath(call.path, input.params as Record<string, unknown>, input.query);
    const request = async () => {
      if (mutating) await ensureXsrfCookie();
      const headers: Record<string, string> = { accept: 'application/json', ...input.headers };
      const xsrf = readCookie('XSRF-TOKEN');
      if (mutating && xsrf) headers['x-xsrf-token'] = xsrf;
      let body: BodyInit | undefined;
      if (input.body instanceof FormData) body = input.body;
      else if (mutating) {
        // A read never carries a body (fetch refuses one on GET).
        headers['content-type'] = 'application/json';
        body = JSON.stringify(input.body ?? {});
      }
      return send(url, { method: call.method, headers, body, credentials: 'same-origin', signal: input.signal });
    };

    const early = mutating ? undefined : options.earlyAnswer?.(url);
    let response = early ? await early.catch(request) : await request();
    // 419: the XSRF cookie expired or was never set; fetch a new one and try once more.
    if (response.status === 419) {
      await ensureXsrfCookie(true);
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

  return {
    api,
    setUnauthenticatedHandler(handler) {
      onUnauthenticated = handler;
    },
  };
}
