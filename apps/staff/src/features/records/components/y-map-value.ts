import { useEffect, useState } from 'react';
import type * as Y from 'yjs';

/** One entry of a shared map (a choice, a date, a tick), re-read when anyone changes it. */
export function useYMapValue<T>(doc: Y.Doc, map: string, key: string): [T | undefined, (value: T | null) => void] {
  const shared = doc.getMap<T>(map);
  const [value, setValue] = useState<T | undefined>(() => shared.get(key));
  useEffect(() => {
    const observe = (event: Y.YMapEvent<T>) => {
      if (event.keysChanged.has(key)) setValue(shared.get(key));
    };
    setValue(shared.get(key));
    shared.observe(observe);
    return () => shared.unobserve(observe);
  }, [shared, key]);
  const set = (next: T | null) => {
    if (next === null) shared.delete(key);
    else shared.set(key, next);
  };
  return [value, set];
}
