import '@renraku/ui/global.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router';
import { startSession } from './lib/session';
import { whenIdle } from './lib/when-idle';

// Root waits for the login check and the constants; start them now, while the first route's code is still loading.
// The router after them: creating it starts loading the first screen's code.
startSession();
const router = createRouter();

// The first render as a transition: React renders it in short slices (yielding to the browser every
// few ms) instead of one long task, since the page's own answers let the whole first screen mount at
// once (Lighthouse's total blocking time on a slow phone; docs/decisions/web-speed-main.md).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);

// The service worker (the app shell and the last answers, for opening offline) when the browser is
// idle after the first screen has settled, so that its precache downloads never compete with the
// first screen's calls; only in the built app.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenIdle(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined));
}
// Reports made without a network are sent when it returns (lib/send-queue.ts; its own chunk, loaded
// once the first screen has settled).
whenIdle(() => void import('./lib/send-queue').then((queue) => queue.startSendQueue()));
