import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by asking again; network failures and 5xx are tried twice more.
      retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
