// Where a locked tablet's person was (issue 29): unlocking returns there — the nap grid during a nap —
// instead of ホーム. Per tab (sessionStorage), only a screen of the tablet's facility, for a day at most.
const KEY = 'renraku.staff.resumePath';
const MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** Remembers the screen being left when the tablet locks (by hand, when idle, or when the session ended). */
export function rememberResumePath(path: string): void {
  try {
    if (path.startsWith('/f/')) window.sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // No storage (private mode): unlocking opens ホーム as before.
  }
}

/** The screen to return to after an unlock on this facility's tablet, once; null: ホーム. */
export function takeResumePath(facilityId: number): string | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || Date.now() - at > MAX_AGE_MS) return null;
    const home = `/f/${facilityId}`;
    // Never a protocol-relative or another facility's address.
    return path === home || path.startsWith(`${home}/`) || path.startsWith(`${home}?`) ? path : null;
  } catch {
    return null;
  }
}
