import { useEffect, useRef } from 'react';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** Calls `onIdle` once after `ms` without a touch, click, key or scroll (while `enabled`). */
export function useIdle(ms: number, onIdle: () => void, enabled: boolean): void {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!enabled) return;
    let timer = window.setTimeout(() => callback.current(), ms);
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => callback.current(), ms);
    };
    for (const event of ACTIVITY) window.addEventListener(event, reset, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, reset, { capture: true });
    };
  }, [ms, enabled]);
}
