/**
 * The staff app's service worker (vite.config.ts: the shell precached, /staff/* opening offline),
 * registered by the kiosk only: the gate tablet must open with no network; the staff room's PCs
 * and class tablets keep the plain online app.
 */
export function registerKioskServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  void navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => undefined);
}
