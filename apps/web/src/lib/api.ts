import { createApiClient } from '@renraku/ui/api';
import { takeFirstAnswer } from './first-answers';

/**
 * The guardian app's API client (the shared one, packages/ui/src/api.ts): the XSRF cookie from
 * Sanctum's path; the home's first GETs may have been asked for at start (lib/first-answers.ts).
 * A 401 sends the app to /login?referrer_path=… (the handler is set once by app/root.tsx).
 */
export const [api, setUnauthenticatedHandler] = createApiClient('/sanctum/csrf-cookie', takeFirstAnswer);
