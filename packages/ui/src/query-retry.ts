import { ApiRequestError } from './api';

/**
 * The query cache's retry rule (both apps' app/query-client.ts): a 4xx will not change by asking
 * again; network failures and 5xx are tried twice more. A module of its own, so that it loads with
 * the query cache and not with the guardian app's entry.
 */
export const retryUnlessClientError = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiRequestError && error.status < 500) && failureCount < 2;
