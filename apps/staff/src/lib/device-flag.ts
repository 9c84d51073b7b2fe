// The device credential is an HttpOnly cookie the app cannot read: this flag remembers that the
// browser is a paired tablet, so a signed-out visitor goes to the PIN pad rather than to sign-in.
const KEY = 'renraku.staff.pairedDevice';

export function isPairedDevice(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setPairedDevice(paired: boolean): void {
  try {
    if (paired) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the tablet then opens /staff/pin by its bookmark.
  }
}
