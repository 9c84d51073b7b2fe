import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api';
import { getSession, subscribeSession } from '../lib/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Another user's cached data must never show: the cache starts clean whenever the signed-in user
// changes (login, logout, a password reset that ended the session).
let userId = getSession().user?.id ?? null;
subscribeSession(() => {
  const next = getSession().user?.id ?? null;
  if (next === userId) return;
  userId = next;
  queryClient.removeQueries();
});
