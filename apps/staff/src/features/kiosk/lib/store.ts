import { createStore, del, get, set, update, type UseStore } from 'idb-keyval';
import { tokyoDate } from '@renraku/contract/dates';
import type { KioskRoster, LocalScan, LocalStaffClock } from './types';

/**
 * The kiosk's own IndexedDB database (docs/decisions/kiosk-offline-app.md): the day's roster, the
 * scans made on the device (pending ones first of all: they are the only copy until the server has
 * them), the one-time codes used here, and the children's photos as blobs.
 */
let kv: UseStore | undefined;
let photos: UseStore | undefined;
const kvStore = () => (kv ??= createStore('renraku-kiosk', 'kv'));
export const photoStore = () => (photos ??= createStore('renraku-kiosk-photos', 'photos'));

export interface CachedRoster {
  fetched_at: string;
  roster: KioskRoster;
}

export interface KioskState {
  roster: CachedRoster | null;
  scans: LocalScan[];
  /** Staff 打刻 made at the gate (kept as the scans are). */
  staffClocks: LocalStaffClock[];
  usedCodes: string[];
  loaded: boolean;
}

let state: KioskState = { roster: null, scans: [], staffClocks: [], usedCodes: [], loaded: false };
const listeners = new Set<() => void>();

function publish(next: Partial<KioskState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const kioskStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => state,
};

/** Reads what the device kept (once per page load). */
export async function loadKioskState(): Promise<void> {
  const [roster, scans, staffClocks, usedCodes] = await Promise.all([
    get<CachedRoster>('roster', kvStore()),
    get<LocalScan[]>('scans', kvStore()),
    get<LocalStaffClock[]>('staffClocks', kvStore()),
    get<string[]>('usedCodes', kvStore()),
  ]);
  publish({
    roster: roster ?? null,
    scans: scans ?? [],
    staffClocks: staffClocks ?? [],
    usedCodes: usedCodes ?? [],
    loaded: true,
  });
}

export async function saveRoster(roster: KioskRoster, fetchedAt: string): Promise<void> {
  const cached = { roster, fetched_at: fetchedAt };
  await set('roster', cached, kvStore());
  publish({ roster: cached });
}

/** The device is no longer a kiosk (revoked or repurposed): the children's data leaves it; pending scans stay. */
export async function forgetRoster(): Promise<void> {
  await del('roster', kvStore());
  publish({ roster: null });
}

/**
 * Changes the scans in one IndexedDB transaction (a read-modify-write, so two quick taps and a
 * sync round never overwrite each other), then tells the screen.
 */
export async function updateScans(change: (scans: LocalScan[]) => LocalScan[]): Promise<LocalScan[]> {
  let next: LocalScan[] = [];
  await update<LocalScan[]>(
    'scans',
    (old) => {
      next = change(old ?? []);
      return next;
    },
    kvStore(),
  );
  publish({ scans: next });
  return next;
}

/** Adds scans at the end of the queue (the order they are sent in). */
export const appendScans = (added: LocalScan[]) => updateScans((scans) => [...scans, ...added]);

/**
 * What is kept: every pending scan whatever its day (it must reach the server), today's answered
 * ones (the day's state and the repeat check) and problems not yet acknowledged.
 */
export function pruneScans(now: Date) {
  const today = tokyoDate(now);
  return updateScans((scans) =>
    scans.filter(
      (s) =>
        s.status === 'pending' ||
        tokyoDate(s.at) === today ||
        ((s.status === 'rejected' || s.status === 'ignored_repeat') && !s.acknowledged),
    ),
  );
}

/** Changes the staff 打刻 kept on the device in one IndexedDB transaction, as `updateScans`. */
export async function updateStaffClocks(change: (clocks: LocalStaffClock[]) => LocalStaffClock[]): Promise<LocalStaffClock[]> {
  let next: LocalStaffClock[] = [];
  await update<LocalStaffClock[]>(
    'staffClocks',
    (old) => {
      next = change(old ?? []);
      return next;
    },
    kvStore(),
  );
  publish({ staffClocks: next });
  return next;
}

/** Kept as the scans: pending ones of any day, today's, problems not yet acknowledged. */
export function pruneStaffClocks(now: Date) {
  const today = tokyoDate(now);
  return updateStaffClocks((clocks) =>
    clocks.filter((c) => c.status === 'pending' || tokyoDate(c.at) === today || (c.status === 'rejected' && !c.acknowledged)),
  );
}

export async function rememberUsedCode(codeHash: string): Promise<void> {
  let next: string[] = [];
  await update<string[]>(
    'usedCodes',
    (old) => {
      next = [...(old ?? []).slice(-199), codeHash];
      return next;
    },
    kvStore(),
  );
  publish({ usedCodes: next });
}

/** 「確認しました」: the problems shown (these scans, every refused staff 打刻) are put away. */
export async function acknowledgeProblems(scanIds: readonly string[]) {
  await updateStaffClocks((all) => all.map((c) => (c.status === 'rejected' ? { ...c, acknowledged: true } : c)));
  await updateScans((all) => all.map((s) => (scanIds.includes(s.id) ? { ...s, acknowledged: true } : s)));
}
