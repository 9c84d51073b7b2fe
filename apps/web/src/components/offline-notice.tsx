import { useSyncExternalStore } from 'react';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network. */
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

/**
 * オフライン: the app opened (or stayed open) without a network shows what it last loaded (the
 * service worker's copies), and says so.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="offline-notice" data-qa="offline-notice">
      オフラインです。最後に読み込んだ内容を表示しています
    </div>
  );
}
