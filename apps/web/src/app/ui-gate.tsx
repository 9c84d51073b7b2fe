import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import { whenIdle } from '../lib/when-idle';

// The login screen is plain React and CSS, so a new session's first screen loads neither Mantine
// nor TanStack Query (docs/decisions/web-initial-bundle.md). Every other screen sits under a route
// with this handle, whose `lazy` (withUi) loads them first, so the screen renders inside their providers.
export const uiHandle = { ui: true };

let providers: ComponentType<{ children: ReactNode }> | null = null;
const loadProviders = () => import('./ui-providers');

/** `lazy` of the route with uiHandle: a navigation to its screens waits for the UI libraries. */
export async function withUi() {
  providers ??= (await loadProviders()).UiProviders;
  return {};
}

/** Wraps the screens in UiProviders once a screen that needs them is shown. */
export function UiGate({ children }: { children: ReactNode }) {
  const needed = useMatches().some((match) => match.handle === uiHandle);
  // Once mounted they stay, on the login screen too: a notification shown just before going there
  // (the password reset's success) stays visible, and nothing remounts.
  const [mounted, setMounted] = useState(false);
  if (needed && providers && !mounted) setMounted(true);
  const active = needed || mounted;
  // While the login screen shows, fetch them in the background for the screen after it.
  useEffect(() => (active ? undefined : whenIdle(() => void loadProviders())), [active]);
  const Providers = providers;
  return active && Providers ? <Providers>{children}</Providers> : children;
}
