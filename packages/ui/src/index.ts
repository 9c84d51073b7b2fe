/*
 * What both apps (guardian `apps/web`, staff `apps/staff`) share on the client (DESIGN §3.2): one
 * copy, one set of tests (packages/ui/test).
 */
export { isSafePath } from './safe-path';
export { toQueryString } from './query-string';
export { idFrom } from './route-id';
