import { z } from 'zod';
import { dateString, defineCall, idParam } from '../common';
import { classDaySchema, dailyNoteContentSchema, type ClassDayChild, type DailyNoteContent } from './daily-notes';

/**
 * The class-wide shortcuts of the entry grid (docs/decisions/feed-staff-daily-notes-class-publish.md):
 * 「全員に適用」 fills only what a child does not have yet unless staff choose to overwrite, and the
 * class's 公開 sends only new and changed notes after showing what will be sent. The merge and the
 * grouping are here so that the grid's preview and the server's answer are the same rule.
 */

/** The grid's record kinds 「全員に適用」 works on, one tab each. */
export const dailyNoteFields = ['temperature', 'meal', 'nap', 'excretion', 'milk', 'note'] as const;
export type DailyNoteField = (typeof dailyNoteFields)[number];

/** What applying did to one child's note: cells filled, cells kept (the child had its own value), cells overwritten. */
export interface ApplyOutcome {
  content: DailyNoteContent;
  filled: number;
  kept: number;
  overwritten: number;
}

type ListKey = 'thermometries' | 'sleeps' | 'defecations' | 'milks';
const listKeyOf: Partial<Record<DailyNoteField, ListKey>> = {
  temperature: 'thermometries',
  nap: 'sleeps',
  excretion: 'defecations',
  milk: 'milks',
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies the 「全員」 row's value of one field to a child's note. Without `overwrite` only empty
 * cells are filled (a child's 少し stays 少し); with it, the child's first entry (or each 給食 amount,
 * each note) is replaced, further entries (a 15:00 reading) stay.
 */
export function applyDailyNoteField(
  content: DailyNoteContent,
  template: DailyNoteContent,
  field: DailyNoteField,
  overwrite: boolean,
): ApplyOutcome {
  const out: ApplyOutcome = { content, filled: 0, kept: 0, overwritten: 0 };
  const cell = <T>(current: T | null | undefined, value: T | null | undefined, set: (v: T) => void) => {
    if (value === null || value === undefined) return;
    if (current === null || current === undefined) {
      set(value);
      out.filled++;
    } else if (same(current, value)) return;
    else if (overwrite) {
      set(value);
      out.overwritten++;
    } else out.kept++;
  };
  const listKey = listKeyOf[field];
  if (listKey) {
    const list = content[listKey] as unknown[];
    cell(list[0], (template[listKey] as unknown[])[0], (v) => {
      out.content = { ...out.content, [listKey]: [v, ...list.slice(1)] };
    });
    return out;
  }
  if (field === 'meal') {
    const items = content.lunch_items.map((i) => ({ ...i }));
    for (const t of template.lunch_items) {
      let item = items.find((i) => i.category_label === t.category_label);
      if (!item) items.push((item = { category_label: t.category_label, amount_label: null }));
      const target = item;
      cell(target.amount_label, t.amount_label, (v) => (target.amount_label = v));
    }
    out.content = { ...content, lunch_items: items };
    return out;
  }
  for (const key of ['text', 'lunch_note', 'snack_note'] as const) {
    cell(out.content[key], template[key], (v) => {
      out.content = { ...out.content, [key]: v };
    });
  }
  return out;
}

/** Something written for this child (not only the class's menu and snacks, which every child shares). */
export function hasChildSpecificContent(c: DailyNoteContent): boolean {
  return (
    c.thermometries.length > 0 ||
    c.lunch_items.some((i) => i.amount_label !== null) ||
    c.sleeps.length > 0 ||
    c.defecations.length > 0 ||
    c.milks.length > 0 ||
    !!c.text?.trim() ||
    !!c.lunch_note?.trim() ||
    !!c.snack_note?.trim()
  );
}

/**
 * How the class's 公開 treats a child: new (never published, something of its own), changed
 * (published, then changed), unchanged (published, nothing changed: not sent again, its writer
 * stays), empty (nothing of its own, e.g. only the menu: not sent unless chosen).
 */
export const publishGroups = ['new', 'changed', 'unchanged', 'empty'] as const;
export type PublishGroup = (typeof publishGroups)[number];
export const publishGroupLabels: Record<PublishGroup, string> = {
  new: '未公開（新しく送ります）',
  changed: '公開後に変更あり（修正を送ります）',
  unchanged: '公開済み・変更なし（送りません）',
  empty: '記入なし・献立のみ（送りません）',
};

export function publishGroupOf(child: Pick<ClassDayChild, 'status' | 'content'>): PublishGroup {
  if (child.status === 'changed') return 'changed';
  if (child.status === 'published') return 'unchanged';
  if (child.status === 'draft' && hasChildSpecificContent(child.content)) return 'new';
  return 'empty';
}

export const classPublishMessages = {
  applied: (filled: number, kept: number, overwritten: number) =>
    [
      `${filled}人に入力しました`,
      kept > 0 ? `${kept}人は入力済みのため変えていません` : null,
      overwritten > 0 ? `${overwritten}人を上書きしました` : null,
    ]
      .filter(Boolean)
      .join('。'),
  published: (sent: number, unchanged: number) =>
    `${sent}人の連絡帳を公開しました` + (unchanged > 0 ? `（変更のない${unchanged}人は送っていません）` : ''),
  nothing: '送る連絡帳がありません',
  field: '適用する項目を選んでください',
  /** The typed drafts did not reach the server: applying or publishing now would work on an older day. */
  draftsUnsaved: '入力した内容をまだ保存できていません。通信が戻ると自動で保存します。保存されてから、もう一度お試しください',
} as const;

const classParams = z.object({ classId: idParam });
const counts = z.object({
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  empty: z.number().int(),
});

export const postStaffClassDailyNotesApply = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/daily-notes/apply',
  summary:
    '全員に適用: one field of the 「全員」 row into every present child’s draft; fills empty cells only unless overwrite (class staff of the class, director, company admin)',
  params: classParams,
  body: z.object({
    date: dateString,
    field: z.enum(dailyNoteFields, { message: classPublishMessages.field }),
    values: dailyNoteContentSchema,
    overwrite: z.boolean().default(false),
  }),
  response: z.object({
    day: classDaySchema,
    /** Children: given a value they had not / kept their own value / overwritten; published notes this changed. */
    filled: z.number().int(),
    kept: z.number().int(),
    overwritten: z.number().int(),
    published_changed: z.number().int(),
  }),
});

export const postStaffClassDailyNotesPublishClass = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/daily-notes/publish-class',
  summary:
    'The class’s 公開: publishes the new and changed notes of the day (and the empty ones when include_empty), never republishes unchanged ones; answers the counts per group',
  params: classParams,
  body: z.object({ date: dateString, include_empty: z.boolean().default(false) }),
  response: z.object({
    day: classDaySchema,
    /** Sent now, per group (empty: only with include_empty). */
    published: counts,
    /** Not sent, per group. */
    skipped: counts,
  }),
});

/**
 * Phrase chips for the staff note (tap to insert; a day without remarks needs no typing). A short
 * list chosen with 保育士 in mind, dated so that a change is visible; facilities may ask for more.
 */
export const dailyNotePhrases = {
  updated: '2026-11-27',
  phrases: [
    '元気に過ごしました',
    'よく食べました',
    'よく眠りました',
    '外で元気に遊びました',
    '室内でゆっくり過ごしました',
    'お友だちと仲良く遊びました',
    '少し疲れた様子でした',
    '食欲が少なめでした',
    '鼻水が出ていました',
    'お昼寝が短めでした',
  ],
} as const;
/** 検温 values the grid offers for one tap (36.0–37.9 ℃); others are typed in the 検温 tab. */
export const quickTemperatures = Array.from({ length: 20 }, (_, i) => Math.round((36 + i / 10) * 10) / 10);
/** ミルク amounts for one tap (ml). */
export const quickMilkAmounts = [40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 240] as const;
