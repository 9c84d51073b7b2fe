import {
  recordTemplateLimits,
  type RecordField,
  type RecordFieldType,
  type RecordSection,
  type RecordTemplateBody,
} from '@renraku/contract/staff';

/**
 * The template editor's working copy (docs/decisions/records-templates.md): sections and fields
 * changed in place, saved as a whole. A field added here is `fresh`: its type may still change;
 * a saved field keeps its type (the server refuses a key stored another way) and its key, so a
 * rename keeps the text written under it.
 */
export type DraftField = RecordField & { fresh?: boolean };
export interface DraftSection {
  key: string;
  title: string;
  fields: DraftField[];
  fresh?: boolean;
}

export const draftOf = (sections: RecordSection[]): DraftSection[] =>
  sections.map((s) => ({ ...s, fields: s.fields.map((f) => ({ ...f })) }));

/** A key no section or field of the template has (lower case, digits, `_`: the contract's pattern). */
export function newKey(prefix: 's' | 'f', sections: DraftSection[], random: () => number = Math.random): string {
  const taken = new Set(sections.flatMap((s) => [s.key, ...s.fields.map((f) => f.key)]));
  for (;;) {
    const key = `${prefix}_${Math.floor(random() * 36 ** 8)
      .toString(36)
      .padStart(8, '0')}`;
    if (!taken.has(key)) return key;
  }
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function addSection(sections: DraftSection[], random?: () => number): DraftSection[] {
  const key = newKey('s', sections, random);
  const field: DraftField = {
    key: newKey('f', [...sections, { key, title: '', fields: [] }], random),
    label: '新しい項目',
    type: 'text',
    fresh: true,
  };
  return [...sections, { key, title: '新しい欄', fields: [field], fresh: true }];
}

export function addField(sections: DraftSection[], sectionIndex: number, random?: () => number): DraftSection[] {
  const field: DraftField = { key: newKey('f', sections, random), label: '新しい項目', type: 'text', fresh: true };
  return sections.map((s, i) => (i === sectionIndex ? { ...s, fields: [...s.fields, field] } : s));
}

export const updateSection = (sections: DraftSection[], index: number, patch: Partial<DraftSection>): DraftSection[] =>
  sections.map((s, i) => (i === index ? { ...s, ...patch } : s));

export function updateField(sections: DraftSection[], si: number, fi: number, patch: Partial<DraftField>): DraftSection[] {
  return sections.map((s, i) => (i === si ? { ...s, fields: s.fields.map((f, j) => (j === fi ? { ...f, ...patch } : f)) } : s));
}

export const moveField = (sections: DraftSection[], si: number, fi: number, by: -1 | 1): DraftSection[] =>
  sections.map((s, i) => (i === si ? { ...s, fields: move(s.fields, fi, by) } : s));

/** Where a field is: its section's index and its index there (null: no such field). */
export function placeOf(sections: readonly DraftSection[], key: string): { section: number; index: number } | null {
  for (const [section, s] of sections.entries()) {
    const index = s.fields.findIndex((f) => f.key === key);
    if (index >= 0) return { section, index };
  }
  return null;
}

/**
 * Whether a field may go to section `to` (drag and drop): within its own section always; to another
 * one only if its section keeps a field and the other has room (the contract's bounds).
 */
export function mayMoveField(sections: readonly DraftSection[], key: string, to: number): boolean {
  const from = placeOf(sections, key);
  const target = sections[to];
  if (!from || !target) return false;
  if (from.section === to) return true;
  return sections[from.section]!.fields.length > 1 && target.fields.length < recordTemplateLimits.fieldsPerSection;
}

/**
 * The field `key` moved to section `to` at `index` (an index in that section's list without it,
 * clamped to its ends); a copy of the sections unchanged where `mayMoveField` refuses. The field goes
 * as it is: its key (the text written under it), a grid's rows and columns, a tick list's list.
 */
export function moveFieldTo(sections: readonly DraftSection[], key: string, to: number, index: number): DraftSection[] {
  const from = placeOf(sections, key);
  if (!from || !mayMoveField(sections, key, to)) return [...sections];
  const field = sections[from.section]!.fields[from.index]!;
  const without = sections.map((s, i) => (i === from.section ? { ...s, fields: s.fields.filter((f) => f.key !== key) } : s));
  const fields = [...without[to]!.fields];
  fields.splice(Math.max(0, Math.min(index, fields.length)), 0, field);
  return without.map((s, i) => (i === to ? { ...s, fields } : s));
}

/** The list with the item at `from` put at `to` (the others keep their order); unchanged if either is out of range. */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

export const removeField = (sections: DraftSection[], si: number, fi: number): DraftSection[] =>
  sections.map((s, i) => (i === si ? { ...s, fields: s.fields.filter((_, j) => j !== fi) } : s));

/** A fresh field turned into another type, with that type's parts started (rows and columns, a list, options). */
export function withType(field: DraftField, type: RecordFieldType): DraftField {
  const { key, label, hint, fresh } = field;
  const base: DraftField = { key, label, type, fresh, ...(hint ? { hint } : {}) };
  if (type === 'grid') return { ...base, rows: ['1行目', '2行目'], columns: ['内容'] };
  if (type === 'ticks') return { ...base, reference: 'five_domains' };
  if (type === 'choice') return { ...base, options: ['選択肢1', '選択肢2'] };
  return base;
}

/** A textarea's lines as a list: trimmed, blank lines left out. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** What the PUT sends: the working copy without the editor's marks. */
export function bodyOf(name: string, baseVersion: number, sections: DraftSection[]): RecordTemplateBody {
  return {
    base_version: baseVersion,
    name,
    sections: sections.map((s) => ({
      key: s.key,
      title: s.title,
      fields: s.fields.map(({ fresh: _fresh, ...f }) => f),
    })),
  };
}
