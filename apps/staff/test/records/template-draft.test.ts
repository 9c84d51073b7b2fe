import { describe, expect, it } from 'vitest';
import type { RecordSection } from '@renraku/contract/staff';
import {
  addField,
  addSection,
  bodyOf,
  draftOf,
  linesOf,
  mayMoveField,
  move,
  moveField,
  moveFieldTo,
  moveTo,
  newKey,
  placeOf,
  removeField,
  updateField,
  updateSection,
  withType,
} from '../../src/features/records/template-draft';

/* The template editor's working copy (records-templates.md): pure steps, the PUT's body. */

const shipped: RecordSection[] = [
  { key: 'aims', title: 'ねらい', fields: [{ key: 'aims', label: 'ねらい', type: 'text' }] },
  {
    key: 'content',
    title: '内容',
    fields: [
      { key: 'content_nursing', label: '養護', type: 'ticks', reference: 'nursing' },
      { key: 'content_education', label: '教育', type: 'text' },
    ],
  },
];

describe('template draft', () => {
  it('keys: fresh, in the contract’s pattern, never one the template has', () => {
    const draft = draftOf(shipped);
    let n = 0;
    // The first draw names a key the template has: drawn again.
    const seq = [0, 0.5];
    const key = newKey('s', [...draft, { key: 's_00000000', title: 'x', fields: [] }], () => seq[n++]!);
    expect(key).toMatch(/^s_[a-z0-9]{8}$/);
    expect(key).not.toBe('s_00000000');
    expect(newKey('f', draft)).toMatch(/^[a-z0-9_]{1,40}$/);
  });

  it('move: one place up or down, unchanged at the ends', () => {
    expect(move(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('add, rename, reorder, remove; the original left as it was', () => {
    const draft = draftOf(shipped);
    let next = addSection(draft);
    expect(next).toHaveLength(3);
    expect(next[2]).toMatchObject({ title: '新しい欄', fresh: true });
    expect(next[2]!.fields[0]).toMatchObject({ label: '新しい項目', type: 'text', fresh: true });
    next = addField(next, 1);
    expect(next[1]!.fields).toHaveLength(3);
    next = updateSection(next, 0, { title: '今月のねらい' });
    next = updateField(next, 1, 0, { label: '養護（生命の保持・情緒の安定）' });
    next = moveField(next, 1, 1, -1);
    expect(next[1]!.fields.map((f) => f.key).slice(0, 2)).toEqual(['content_education', 'content_nursing']);
    next = removeField(next, 1, 0);
    expect(next[1]!.fields.map((f) => f.key)[0]).toBe('content_nursing');
    expect(next[0]!.title).toBe('今月のねらい');
    expect(shipped[0]!.title).toBe('ねらい');
    expect(shipped[1]!.fields).toHaveLength(2);
  });

  it('moveTo (a drop): the item put at another place, the others in their order', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c'], 1, 3)).toEqual(['a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c'], -1, 0)).toEqual(['a', 'b', 'c']);
  });

  it('a field dropped within its section and across sections: as it is, the original left as it was', () => {
    const draft = draftOf(shipped);
    expect(placeOf(draft, 'content_education')).toEqual({ section: 1, index: 1 });
    expect(placeOf(draft, 'nothing')).toBeNull();
    // Within its section.
    let next = moveFieldTo(draft, 'content_education', 1, 0);
    expect(next[1]!.fields.map((f) => f.key)).toEqual(['content_education', 'content_nursing']);
    // The tick list up into the first section, after its field: its list goes with it.
    next = moveFieldTo(draft, 'content_nursing', 0, 1);
    expect(next.map((s) => s.fields.map((f) => f.key))).toEqual([['aims', 'content_nursing'], ['content_education']]);
    expect(next[0]!.fields[1]).toEqual({ key: 'content_nursing', label: '養護', type: 'ticks', reference: 'nursing' });
    // An index past the end is the end; the sections' own keys and titles stay.
    next = moveFieldTo(next, 'aims', 1, 99);
    expect(next.map((s) => s.fields.map((f) => f.key))).toEqual([['content_nursing'], ['content_education', 'aims']]);
    expect(next.map((s) => [s.key, s.title])).toEqual([
      ['aims', 'ねらい'],
      ['content', '内容'],
    ]);
    expect(shipped[1]!.fields.map((f) => f.key)).toEqual(['content_nursing', 'content_education']);
  });

  it('a grid keeps its rows and columns, a fresh field its freshness, when it moves to another section', () => {
    let draft = addSection(draftOf(shipped), () => 0.25);
    draft = addField(draft, 2, () => 0.5);
    const fresh = draft[2]!.fields[1]!;
    draft = updateField(draft, 2, 1, withType(fresh, 'grid'));
    const next = moveFieldTo(draft, fresh.key, 0, 0);
    expect(next[0]!.fields[0]).toEqual({ ...withType(fresh, 'grid'), fresh: true });
    expect(next[2]!.fields).toHaveLength(1);
    expect(bodyOf('月案', 1, next).sections[0]!.fields[0]).toEqual({
      key: fresh.key,
      label: '新しい項目',
      type: 'grid',
      rows: ['1行目', '2行目'],
      columns: ['内容'],
    });
  });

  it('the rules: a section keeps a field, holds at most 40; a refused move changes nothing', () => {
    const draft = draftOf(shipped);
    // The first section's only field may not leave it; within it, it may stay.
    expect(mayMoveField(draft, 'aims', 1)).toBe(false);
    expect(mayMoveField(draft, 'aims', 0)).toBe(true);
    expect(moveFieldTo(draft, 'aims', 1, 0)).toEqual(draft);
    expect(mayMoveField(draft, 'content_nursing', 0)).toBe(true);
    expect(mayMoveField(draft, 'content_nursing', 5)).toBe(false);
    expect(mayMoveField(draft, 'nothing', 0)).toBe(false);
    let full = draftOf(shipped);
    for (let i = 1; i < 40; i += 1) full = addField(full, 0);
    expect(full[0]!.fields).toHaveLength(40);
    expect(mayMoveField(full, 'content_nursing', 0)).toBe(false);
    expect(moveFieldTo(full, 'content_nursing', 0, 0)).toEqual(full);
    expect(mayMoveField(full, 'aims', 1)).toBe(true);
  });

  it('a new field’s type: each type’s parts started, the others dropped', () => {
    const field = { key: 'f_1', label: '表', type: 'text' as const, fresh: true };
    expect(withType(field, 'grid')).toMatchObject({ type: 'grid', rows: ['1行目', '2行目'], columns: ['内容'] });
    expect(withType(field, 'ticks')).toMatchObject({ type: 'ticks', reference: 'five_domains' });
    const choice = withType(withType(field, 'grid'), 'choice');
    expect(choice).toMatchObject({ type: 'choice', options: ['選択肢1', '選択肢2'] });
    expect(choice).not.toHaveProperty('rows');
    expect(withType(choice, 'date')).toEqual({ key: 'f_1', label: '表', type: 'date', fresh: true });
  });

  it('lines: trimmed, blanks left out', () => {
    expect(linesOf(' I期 \n\nII期\n  \nIII期')).toEqual(['I期', 'II期', 'III期']);
  });

  it('the body: the base version, the name, the sections without the editor’s marks', () => {
    const body = bodyOf('月案', 3, addSection(draftOf(shipped)));
    expect(body.base_version).toBe(3);
    expect(body.name).toBe('月案');
    expect(JSON.stringify(body)).not.toContain('fresh');
    expect(body.sections[0]).toEqual(shipped[0]);
  });
});
