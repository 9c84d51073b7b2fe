import { QueryClient } from '@tanstack/react-query';
import { retryUnlessClientError } from '@renraku/ui/query-retry';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by asking again; network failures and 5xx are tried twice more.
      retry: retryUnlessClientError,
      refetchOnWindowFocus: false,
    },
  },
});
