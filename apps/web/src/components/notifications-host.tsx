import { useEffect } from 'react';
import { useIdleImport } from '../lib/when-idle';

// Mantine's notification container (transition group, drag-to-dismiss, scroll-lock classes) is
// ~10 kB gzip that no first screen needs. notifications.show() only writes to a small store that
// loads with its callers (components/alerts.tsx); the container renders what the store holds once
// it mounts, so a notification shown before then is not lost.
const loadContainer = async () => (await import('@mantine/notifications')).Notifications;

let requestLoad: () => void = () => {};

/** Mount once inside MantineProvider: loads the container when the browser is idle after the first paint. */
export function NotificationsHost() {
  const { module: Notifications, request } = useIdleImport(loadContainer);
  useEffect(() => {
    requestLoad = request;
  }, [request]);
  return Notifications ? <Notifications position="top-center" zIndex={1000} /> : null;
}

/** Asks the host to load the container now (a notification is about to be shown). */
export function loadNotifications(): void {
  requestLoad();
}
