import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@renraku/ui/global.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { theme } from './theme';

/**
 * Query cache, Mantine (theme, modals, notifications) for every screen. The staff app has no
 * phone budget to keep (DESIGN §3.1): unlike the guardian app, it loads them with the entry.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Notifications position="top-center" />
        <ModalsProvider labels={{ confirm: '決定', cancel: 'キャンセル' }}>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
