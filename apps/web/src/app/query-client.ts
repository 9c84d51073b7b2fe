import { QueryClient } from '@tanstack/react-query';
import { retryUnlessClientError } from '@renraku/ui/query-retry';
import { getSession, subscribeSession } from '../lib/session';
import { seedQueriesFromPage } from './seed-queries';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Offline the first try still runs: the service worker answers it with its last copy
      // (docs/decisions/web-pwa-offline.md); only retries wait for the network.
      networkMode: 'offlineFirst',
      staleTime: 30_000,
      // A 4xx will not change by asking again; network failures and 5xx are tried twice more.
      retry: retryUnlessClientError,
      refetchOnWindowFocus: false,
    },
  },
});
// The signed-in home page's answers, so that its first screen renders with them at once.
seedQueriesFromPage(queryClient);

/** The signed-in user's id, null when signed out, undefined while the first login check is out. */
const userKey = () => {
  const { user } = getSession();
  return user === undefined ? undefined : (user?.id ?? null);
};

// Another user's cached data must never show: the cache starts clean whenever the signed-in user
// changes (login, logout, a password reset that ended the session). The first answer of the login
// check is not a change: queries a screen started meanwhile ran with the same cookie, and removing
// them while in flight left the screen in its loading state for good.
let known = userKey();
subscribeSession(() => {
  const next = userKey();
  if (next === known) return;
  const previous = known;
  known = next;
  if (previous !== undefined) queryClient.removeQueries();
});
