import { useEffect, useRef, useState } from 'react';

/**
 * Runs `task` once the browser is idle after the first paint (a timeout where requestIdleCallback is
 * missing, as in Safari): for code no first screen needs but that should be ready before it is used.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
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
