import './mantine-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ModalsHost } from '../components/modals-host';
import { NotificationsHost } from '../components/notifications-host';
import { queryClient } from './query-client';
import { theme } from '@renraku/ui/theme';

/**
 * What every screen but the login screen needs: TanStack Query and Mantine (provider, theme,
 * stylesheet, the idle-loaded modal and notification hosts). Loaded with the first such screen
 * (app/ui-gate.tsx, docs/decisions/web-initial-bundle.md).
 */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <NotificationsHost />
        <ModalsHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
