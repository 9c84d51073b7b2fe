import { useCallback, useEffect, useRef, useState } from 'react';

/*
 * The overdue sound (issue 29): a short double beep through WebAudio when a child becomes overdue,
 * on the nap grid and on the locked tablet's PIN pad, unless muted on this tablet. Browsers start
 * audio only after a touch, so the context is made (or resumed) on the first touch; before it, or
 * where WebAudio is missing, the screen's colour, ⚠ and words stay the signal.
 */

const MUTE_KEY = 'renraku.staff.napSoundMuted';

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Ctor = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as
    AudioContextClass | undefined;
  if (!Ctor) return null;
  context ??= new Ctor();
  return context;
}

/** Two short 880 Hz tones (0.18 s each), quiet enough not to wake the room. */
function beep(): void {
  const ctx = audioContext();
  if (!ctx || ctx.state !== 'running') return;
  for (const offset of [0, 0.3]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(ctx.currentTime + offset);
    oscillator.stop(ctx.currentTime + offset + 0.18);
  }
}

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

/** The tablet's mute switch (kept on this device). */
export function useNapSound() {
  const [muted, setMuted] = useState(readMuted);
  const toggle = useCallback(() => {
    setMuted((was) => {
      try {
        window.localStorage.setItem(MUTE_KEY, was ? '0' : '1');
      } catch {
        // No storage: the switch holds until the page reloads.
      }
      return !was;
    });
  }, []);
  return { muted, toggle };
}

/** Unlocks audio on the first touch (the browser's rule), once per page. */
function useAudioOnTouch() {
  useEffect(() => {
    const unlock = () => void audioContext()?.resume();
    window.addEventListener('pointerdown', unlock, { capture: true, passive: true });
    return () => window.removeEventListener('pointerdown', unlock, { capture: true });
  }, []);
}

/** Beeps when a child joins the overdue ones (a screen opening on overdue children beeps once too). */
export function useOverdueAlarm(overdueIds: number[], muted: boolean): void {
  useAudioOnTouch();
  const known = useRef<Set<number>>(new Set());
  const key = [...overdueIds].sort((a, b) => a - b).join(',');
  useEffect(() => {
    const now = new Set(key ? key.split(',').map(Number) : []);
    const before = known.current;
    known.current = now;
    if (!muted && [...now].some((id) => !before.has(id))) beep();
  }, [key, muted]);
}
