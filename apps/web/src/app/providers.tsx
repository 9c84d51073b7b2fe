import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../lib/api';
import { ModalsHost } from '../components/modals-host';
import { NotificationsHost } from '../components/notifications-host';

// A warm brand colour whose shades 7-9 keep 4.5:1 contrast on the page background (WCAG AA).
const brand: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd09c',
  '#fdb462',
  '#f99a34',
  '#c96a00',
  '#a85800',
  '#8f4a00',
  '#753c00',
  '#5c2f00',
];

const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 6,
  // Guardians who ask their phone for less motion get no transitions (and axe sees settled colours).
  respectReducedMotion: true,
  // The phone's own Japanese font: Hiragino on iOS, Noto Sans CJK on Android; no webfont bytes.
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic UI", Meiryo, sans-serif',
  defaultRadius: 'md',
});

// Mantine's default dimmed grey is below 4.5:1 on our background.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f656c' },
  dark: {},
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <NotificationsHost />
        <ModalsHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
