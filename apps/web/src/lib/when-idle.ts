import { useEffect, useRef, useState } from 'react';

/** Resolves a second after the page's load event: the first screen's calls and images have had the network to themselves. */
const settled = new Promise<void>((resolve) => {
  const later = () => window.setTimeout(resolve, 1000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
});

/**
 * Runs `task` once the browser is idle after the first screen has settled (a second after the load
 * event; a timeout where requestIdleCallback is missing, as in Safari): for code no first screen
 * needs but that should be ready before it is used. Waiting for the load event keeps its downloads
 * and evaluation out of the first screen's way on a slow phone (docs/decisions/web-speed-main.md).
 */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let cancel = () => {};
  void settled.then(() => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 200);
      cancel = () => window.clearTimeout(handle);
    }
  });
  return () => {
    cancelled = true;
    cancel();
  };
}

/**
 * Imports a module when the browser is idle, or at once on `request()`; the component re-renders
 * with it once it has arrived. No Suspense: nothing on screen waits for it, and a navigation in
 * flight is not held up by it. A failed download (offline) is tried again at the next request.
 */
export function useIdleImport<T>(load: () => Promise<T>): { module: T | null; request: () => void } {
  const [module, setModule] = useState<{ value: T } | null>(null);
  const requestRef = useRef<() => void>(() => {});
  useEffect(() => {
    let active = true;
    let started = false;
    const request = () => {
      if (started) return;
      started = true;
      load().then(
        (value) => active && setModule({ value }),
        () => (started = false),
      );
    };
    requestRef.current = request;
    const cancelIdle = whenIdle(request);
    return () => {
      active = false;
      cancelIdle();
    };
  }, [load]);
  const request = useRef(() => requestRef.current()).current;
  return { module: module?.value ?? null, request };
}
