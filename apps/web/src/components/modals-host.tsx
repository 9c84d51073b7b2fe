import { useEffect } from 'react';
import { useIdleImport } from '../lib/when-idle';

// The modal manager (and Mantine's Modal, focus trap, scroll area, floating-ui) is ~20 kB gzip
// that no first screen needs: it loads when the browser is idle after the first paint, and
// confirm() asks for it at once and waits for it.
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

const loadProvider = async () => (await import('@mantine/modals')).ModalsProvider;

let requestLoad: () => void = () => {};

/** Mount once inside MantineProvider. */
export function ModalsHost() {
  const { module: ModalsProvider, request } = useIdleImport(loadProvider);
  useEffect(() => {
    requestLoad = request;
  }, [request]);
  // Runs after the provider's own effects, so it listens for modals.open* once this resolves.
  useEffect(() => {
    if (ModalsProvider) markReady();
  }, [ModalsProvider]);
  return ModalsProvider ? <ModalsProvider labels={{ confirm: '決定', cancel: 'キャンセル' }}>{null}</ModalsProvider> : null;
}

/** Resolves when modals can open; asks the host to load them if it has not yet. */
export async function modalsReady(): Promise<typeof import('@mantine/modals')> {
  requestLoad();
  const [module] = await Promise.all([import('@mantine/modals'), ready]);
  return module;
}
