import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';

// The modal manager (and Mantine's Modal, focus trap, scroll area, floating-ui) is ~20 kB gzip
// that no first screen needs: it loads when the browser is idle after the first paint, and
// confirm() asks for it at once and waits for it.
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

const LazyModalsProvider = lazy(async () => {
  const { ModalsProvider } = await import('@mantine/modals');
  function Host() {
    useEffect(() => markReady(), []);
    return <ModalsProvider labels={{ confirm: '決定', cancel: 'キャンセル' }}>{null}</ModalsProvider>;
  }
  return { default: Host };
});

let requestLoad: () => void = () => {};

/** Mount once inside MantineProvider. */
export function ModalsHost() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    requestLoad = () => setLoad(true);
    return whenIdle(() => setLoad(true));
  }, []);
  return load ? (
    <Suspense fallback={null}>
      <LazyModalsProvider />
    </Suspense>
  ) : null;
}

/** Resolves when modals can open; asks the host to load them if it has not yet. */
export async function modalsReady(): Promise<typeof import('@mantine/modals')> {
  requestLoad();
  const [module] = await Promise.all([import('@mantine/modals'), ready]);
  return module;
}
