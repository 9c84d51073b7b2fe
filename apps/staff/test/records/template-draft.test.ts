import { describe, expect, it } from 'vitest';
import type { RecordSection } from '@renraku/contract/staff';
import {
  addField,
  addSection,
  bodyOf,
  draftOf,
  linesOf,
  move,
  moveField,
  newKey,
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
