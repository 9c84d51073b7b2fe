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
