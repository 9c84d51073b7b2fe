// The facility a staff member last worked in, so that / and the settings screen's menu open it again.
const KEY = 'renraku.staff.lastFacility';

export function lastFacilityId(): number | null {
  try {
    const value = Number(window.localStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberFacility(id: number): void {
  try {
    window.localStorage.setItem(KEY, String(id));
  } catch {
    // No storage (private mode): the first facility opens instead.
  }
}
