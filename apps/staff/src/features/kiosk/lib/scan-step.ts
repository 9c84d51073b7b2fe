import { tokyoDate, tokyoTime } from '@renraku/contract/dates';
import { childDay, newScan, nextKind, recentScan, siblingPickup, siblingsOf } from './day';
import type { KioskRoster, LocalScan, Pickup, RosterChild, ScanKind, ScanVia } from './types';

/**
 * What the gate does with a child it has read or a name touched (routes/kiosk-page.tsx), decided
 * on the device from the roster and the scans it keeps: no network is needed for any of it.
 */

export const KIND_LABEL: Record<ScanKind, string> = { arrival: '登園', pickup: '降園' };

/**
 * The next step for a child: a repeat within the minute and a finished day are told and not
 * recorded; a pick-up asks who came (a staff member confirms); an arrival is recorded at once from
 * a guardian's QR, after a staff member is named for a touch.
 */
export type ScanStep =
  | { step: 'repeat'; notice: string }
  | { step: 'done'; notice: string }
  | { step: 'pickup' }
  | { step: 'arrival'; needsStaff: boolean };

export function scanStep(child: RosterChild, scans: LocalScan[], at: Date, mode: 'auto' | ScanKind, via: ScanVia): ScanStep {
  const recent = recentScan(child.note_child_id, scans, at);
  if (recent) {
    return {
      step: 'repeat',
      notice: `${child.name}さんは${tokyoTime(recent.at)}に${KIND_LABEL[recent.kind]}を記録済みです。1分以内の読み取りは記録しません`,
    };
  }
  const kind = nextKind(childDay(child, scans, at), mode);
  if (!kind) {
    return { step: 'done', notice: `${child.name}さんは本日降園済みです。記録し直すときは「登園」「降園」を選んでください` };
  }
  if (kind === 'pickup') return { step: 'pickup' };
  return { step: 'arrival', needsStaff: via === 'touch' };
}

/** Siblings the same tap may also record: not yet at this step today, not scanned within the minute. */
export function eligibleSiblings(
  roster: KioskRoster,
  child: RosterChild,
  kind: ScanKind,
  pickup: Pickup,
  at: Date,
  scans: LocalScan[],
): RosterChild[] {
  return siblingsOf(roster, child).filter((s) => {
    const day = childDay(s, scans, at);
    if (recentScan(s.note_child_id, scans, at)) return false;
    if (kind === 'arrival') return !day.arrivedAt;
    return day.arrivedAt !== null && !day.pickedUpAt && siblingPickup(pickup, child, s) !== undefined;
  });
}

/** 「きょうだいも」: the siblings' scans as the first child's last one (the same pick-up, the same way, the same staff member). */
export function siblingScans(first: RosterChild, siblings: RosterChild[], kind: ScanKind, scans: LocalScan[], at: Date) {
  const last = scans.findLast((s) => s.note_child_id === first.note_child_id);
  const pickup = last?.pickup ?? null;
  return siblings.map((s) =>
    newScan(
      s,
      kind,
      kind === 'pickup' ? (siblingPickup(pickup, first, s) ?? null) : null,
      at,
      last?.via ?? 'qr',
      last?.staff ?? null,
    ),
  );
}

/** The roster's date when it is not today's (kept from an earlier day: the header warns), else null. */
export const staleRosterDate = (roster: KioskRoster, now: Date): string | null =>
  roster.date !== tokyoDate(now) ? roster.date : null;
