import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { router } from './app/router';
import { constantsQueryOptions, loginCheckQueryOptions } from './features/auth/api';

// Root waits for these two calls; start them now, while the first route's code is still loading.
void queryClient.prefetchQuery(loginCheckQueryOptions());
void queryClient.prefetchQuery(constantsQueryOptions());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
