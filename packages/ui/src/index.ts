/*
 * What both apps (guardian `apps/web`, staff `apps/staff`) share on the client (DESIGN §3.2): one
 * copy, one set of tests (packages/ui/test). This barrel holds the small pure helpers; each larger
 * piece is a module of its own, so that an app's entry takes only what it uses (no Mantine, no CSS
 * through the barrel):
 * - `@renraku/ui/api`: the API client (createApiClient: CSRF, 419 retry, 401 handler) and the error
 *   mapping (ApiRequestError, errorText, statusOf, the query retry rule);
 * - `@renraku/ui/dates`: the clients' date labels and today in Tokyo;
 * - `@renraku/ui/theme` and `@renraku/ui/global.css`: the Mantine theme, the contrast fixes, the base styles;
 * - `@renraku/ui/loading`, `@renraku/ui/route-error`, `@renraku/ui/confirm`: loading, the error
 *   boundary, the confirm dialog.
 */
export { isSafePath } from './safe-path';
export { toQueryString } from './query-string';
export { idFrom } from './route-id';
