import { createApiClient } from '@renraku/ui/api';

/**
 * The staff app's API client (the shared one, packages/ui/src/api.ts): the XSRF cookie from
 * GET /api/staff/csrf-cookie, bound to the sessions. A 401 tells the app that the staff session has
 * ended (the handler is set once by app/root.tsx: forget the staff member, so the guard sends them to sign in).
 */
export const [api, setUnauthenticatedHandler] = createApiClient('/api/staff/csrf-cookie');
