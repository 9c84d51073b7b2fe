import { emptyDailyNoteContent, type ClassDay, type ClassDayChild, type DailyNoteContent } from '@renraku/contract/staff';
import type { Reply, Sent } from '../../../../../packages/ui/test/support/fake-network';

/** A class's day for the entry grid's tests: ひよこ組 on 2026-06-10, children 1–3 (3 absent). */

export const CLASS_ID = 4;
export const DATE = '2026-06-10';

export const note = (patch: Partial<DailyNoteContent> = {}): DailyNoteContent => ({ ...emptyDailyNoteContent(), ...patch });

export const pupil = (id: number, patch: Partial<ClassDayChild> = {}): ClassDayChild => ({
  child_id: id,
  name: `試験 ${id}`,
  kana: 'しけん',
  allergies: '',
  absent: false,
  status: 'empty',
  content: note(),
  draft_saved_at: null,
  published: null,
  ...patch,
});

export const classDay = (children: ClassDayChild[] = [pupil(1), pupil(2), pupil(3, { absent: true })]): ClassDay => ({
  date: DATE,
  class: { id: CLASS_ID, name: 'ひよこ組', facility_id: 1 },
  can_write: true,
  previous_menu: null,
  defaults: { nap: { start: '12:30', end: '14:30' } },
  children,
});

type Drafts = { date: string; drafts: { child_id: number; content: DailyNoteContent }[] };
type Apply = { date: string; field: string; values: DailyNoteContent; overwrite: boolean };

/**
 * The server's side of the grid, in memory: the day, drafts saved over it, and 全員に適用 of 午睡
 * (empty cells of present children only unless overwrite). Enough of the server for the client's
 * tests; the server's own rules are tested in apps/server/test.
 */
export function fakeClassServer(day: ClassDay) {
  let current = day;
  const withContent = (id: number, content: DailyNoteContent) => {
    current = {
      ...current,
      children: current.children.map((c) => (c.child_id === id ? { ...c, content, status: 'draft' as const } : c)),
    };
  };
  const path = `/api/staff/classes/${CLASS_ID}/daily-notes`;
  return {
    day: () => current,
    reply(request: Sent): Reply {
      if (request.method === 'GET' && request.path.startsWith(path)) return { status: 200, body: current };
      if (request.method === 'PUT' && request.path === `${path}/drafts`) {
        for (const d of (request.body as Drafts).drafts) withContent(d.child_id, d.content);
        return { status: 200, body: current };
      }
      if (request.method === 'POST' && request.path === `${path}/apply`) {
        const { values, overwrite } = request.body as Apply;
        let filled = 0;
        let kept = 0;
        for (const c of current.children.filter((c) => !c.absent)) {
          if (c.content.sleeps.length > 0 && !overwrite) kept++;
          else {
            filled++;
            withContent(c.child_id, { ...c.content, sleeps: values.sleeps });
          }
        }
        return { status: 200, body: { day: current, filled, kept, overwritten: 0, published_changed: 0 } };
      }
      return { status: 404, body: { message: '見つかりません' } };
    },
  };
}
