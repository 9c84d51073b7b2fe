import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dailyNoteContentSchema, type ClassDay, type DailyNoteContent } from '@renraku/contract/staff';
import { statusOf } from '@renraku/ui/api';
import { classDayKey, saveDrafts } from './api';

type Edits = Record<number, DailyNoteContent>;
export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; retrying: boolean };

/** How long typing may pause before the drafts go to the server. */
const DEBOUNCE_MS = 800;
const RETRY_MS = 5000;

const storageKeyOf = (classId: number, date: string) => `renraku:daily-notes:${classId}:${date}`;

function loadStored(key: string): Edits {
  try {
    return JSON.parse(localStorage.getItem(key) ?? '{}') as Edits;
  } catch {
    return {};
  }
}

/** The first problem of a child's content for the row (the server would answer the same 422). */
export function contentError(content: DailyNoteContent): string | null {
  const parsed = dailyNoteContentSchema.safeParse(content);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * The grid's drafts: edits show at once, go to the server after a pause in typing (one PUT for
 * every child changed), and stay in localStorage until the server has them, so a reload, a
 * sleeping tablet or a lost network loses nothing (docs/decisions/feed-staff-daily-notes.md).
 */
export function useDraftAutosave(classId: number, date: string, day: ClassDay | undefined) {
  const queryClient = useQueryClient();
  const storageKey = storageKeyOf(classId, date);
  const [edits, setEditsState] = useState<Edits>(() => loadStored(storageKey));
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const editsRef = useRef(edits);
  const dayRef = useRef(day);
  dayRef.current = day;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const flushRef = useRef<() => Promise<boolean>>(async () => true);

  const setEdits = useCallback(
    (next: Edits) => {
      editsRef.current = next;
      setEditsState(next);
      if (Object.keys(next).length === 0) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, JSON.stringify(next));
    },
    [storageKey],
  );

  const schedule = useCallback((ms = DEBOUNCE_MS) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flushRef.current(), ms);
  }, []);

  /**
   * Sends every valid pending edit now (after the one in flight). Resolves true when the server has
   * them all, false when the save failed (the edits stay, a retry is scheduled): what the server is
   * asked to do next (全員に適用, 公開) must not run on a day that lacks them, or the retry would later
   * overwrite its result with the older draft.
   */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    const pending = editsRef.current;
    const drafts = Object.entries(pending)
      .filter(([, content]) => contentError(content) === null)
      .map(([id, content]) => ({ child_id: Number(id), content }));
    if (drafts.length === 0) return true;
    const run = (async () => {
      setState({ kind: 'saving' });
      try {
        const answer = await saveDrafts(classId, date, drafts);
        queryClient.setQueryData(classDayKey(classId, date), answer);
        const next = { ...editsRef.current };
        // Only what was sent and not changed since is done.
        for (const { child_id } of drafts) if (next[child_id] === pending[child_id]) delete next[child_id];
        setEdits(next);
        setState({ kind: 'saved', at: new Date() });
        return true;
      } catch (error) {
        const status = statusOf(error);
        // A refusal (403/404/422) will not change by retrying; a lost network or a 5xx will.
        const retrying = status === undefined || status >= 500;
        setState({ kind: 'failed', retrying });
        if (retrying) schedule(RETRY_MS);
        return false;
      }
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, [classId, date, queryClient, schedule, setEdits]);
  flushRef.current = flush;

  // Restored edits (a reload before they reached the server) are sent again; so are they when the
  // network returns, and before the tablet sleeps.
  useEffect(() => {
    if (Object.keys(editsRef.current).length > 0) schedule(0);
    const online = () => void flushRef.current();
    const hidden = () => document.visibilityState === 'hidden' && void flushRef.current();
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [schedule]);

  const contentOf = useCallback(
    (childId: number): DailyNoteContent | undefined =>
      edits[childId] ?? day?.children.find((c) => c.child_id === childId)?.content,
    [edits, day],
  );

  /** Changes some children's notes (one child, or every present child for 全員に適用). */
  const edit = useCallback(
    (childIds: number[], update: (content: DailyNoteContent) => DailyNoteContent) => {
      const current = dayRef.current;
      if (!current) return;
      const next = { ...editsRef.current };
      for (const id of childIds) {
        const base = next[id] ?? current.children.find((c) => c.child_id === id)?.content;
        if (base) next[id] = update(base);
      }
      setEdits(next);
      schedule();
    },
    // Stable (the day through a ref), so that a memoised row re-renders only when its own note changes.
    [schedule, setEdits],
  );

  return { edits, contentOf, edit, flush, state, pending: Object.keys(edits).length };
}
