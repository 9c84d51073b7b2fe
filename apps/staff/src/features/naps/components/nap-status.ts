import { useEffect, useState } from 'react';
import type { NapChild } from '@renraku/contract/staff';

/** A check is 「確認の時間」 from a minute before it is due, and 「遅れ」 from a minute after. */
const MARGIN_MS = 60_000;

export type NapState = 'idle' | 'ok' | 'due' | 'overdue';

export function napState(child: NapChild, now: number): NapState {
  if (!child.next_due_at) return 'idle';
  const due = Date.parse(child.next_due_at);
  if (now < due - MARGIN_MS) return 'ok';
  if (now < due + MARGIN_MS) return 'due';
  return 'overdue';
}

/** Whole minutes past the due time (for 「3分遅れ」). */
export const minutesLate = (child: NapChild, now: number) =>
  child.next_due_at ? Math.max(1, Math.floor((now - Date.parse(child.next_due_at)) / 60_000)) : 0;

/** The device clock, re-read every few seconds so that due and overdue appear without a touch. */
export function useNow(everyMs = 5_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
