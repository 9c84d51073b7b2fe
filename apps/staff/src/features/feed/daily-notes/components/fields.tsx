import { NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { excretionKinds, type DailyNoteContent, type DailyNoteField } from '@renraku/contract/staff';
import { Choices } from './choices';
import { mealField, noteField } from './field-meal-note';
import { nowTime, Readings, setAt, TimeField } from './readings';

/**
 * The grid's fields, one tab each (docs/decisions/feed-staff-daily-notes.md): the same cell edits a
 * child's row and the 「全員」 row (`single`: its first entry), whose values 全員に適用 sends to the
 * server. Temperatures, naps, excretions and milks hold several entries a day, each with its time.
 */
export interface CellProps {
  content: DailyNoteContent;
  onChange: (update: (content: DailyNoteContent) => DailyNoteContent) => void;
  disabled: boolean;
  /** Whose row: prefixes the fields' accessible names (「試験 花子 体温 1」). */
  who: string;
  categories: string[];
  /** The 「全員」 row: one entry, no add or remove. */
  single?: boolean;
}

export interface FieldDef {
  key: DailyNoteField;
  label: string;
  Cell: (props: CellProps) => ReactNode;
}

const numberOrNaN = (value: string | number) => (value === '' ? NaN : Number(value));

const temperature: FieldDef = {
  key: 'temperature',
  label: '検温',
  Cell: ({ content, onChange, disabled, who, single = false }) => {
    const set = (i: number, patch: { time?: string; thermometry?: number }) =>
      onChange((c) => {
        const cur = c.thermometries[i];
        const time = patch.time ?? (cur?.time || nowTime());
        const thermometry = patch.thermometry ?? cur?.thermometry ?? NaN;
        const blank = !time && !Number.isFinite(thermometry);
        return { ...c, thermometries: setAt(c.thermometries, i, blank ? null : { time, thermometry }) };
      });
    return (
      <Readings
        who={who}
        noun="検温"
        items={content.thermometries}
        max={5}
        single={single}
        disabled={disabled}
        onAdd={() => onChange((c) => ({ ...c, thermometries: [...c.thermometries, { time: nowTime(), thermometry: NaN }] }))}
        onRemove={(i) => onChange((c) => ({ ...c, thermometries: setAt(c.thermometries, i, null) }))}
        render={(entry, i) => (
          <>
            <TimeField
              label={`${who} 検温時刻 ${i + 1}`}
              value={entry?.time ?? ''}
              disabled={disabled}
              onChange={(time) => set(i, { time })}
            />
            <NumberInput
              aria-label={`${who} 体温 ${i + 1}`}
              value={entry && Number.isFinite(entry.thermometry) ? entry.thermometry : ''}
              decimalScale={1}
              step={0.1}
              min={34}
              max={42}
              hideControls
              inputMode="decimal"
              suffix="℃"
              w={96}
              size="md"
              disabled={disabled}
              onChange={(value) => set(i, { thermometry: numberOrNaN(value) })}
            />
          </>
        )}
      />
    );
  },
};

const nap: FieldDef = {
  key: 'nap',
  label: '午睡',
  Cell: ({ content, onChange, disabled, who, single = false }) => {
    const set = (i: number, part: 'start' | 'end', value: string) =>
      onChange((c) => {
        const start = part === 'start' ? value : (c.sleeps[i]?.start ?? '');
        const end = part === 'end' ? value : (c.sleeps[i]?.end ?? '');
        return { ...c, sleeps: setAt(c.sleeps, i, start || end ? { start, end: end || null } : null) };
      });
    return (
      <Readings
        who={who}
        noun="午睡"
        items={content.sleeps}
        max={3}
        single={single}
        disabled={disabled}
        onAdd={() => onChange((c) => ({ ...c, sleeps: [...c.sleeps, { start: nowTime(), end: null }] }))}
        onRemove={(i) => onChange((c) => ({ ...c, sleeps: setAt(c.sleeps, i, null) }))}
        render={(entry, i) => (
          <>
            <TimeField
              label={`${who} 午睡開始 ${i + 1}`}
              value={entry?.start ?? ''}
              disabled={disabled}
              onChange={(v) => set(i, 'start', v)}
            />
            <span aria-hidden>〜</span>
            <TimeField
              label={`${who} 午睡終了 ${i + 1}`}
              value={entry?.end ?? ''}
              disabled={disabled}
              onChange={(v) => set(i, 'end', v)}
            />
          </>
        )}
      />
    );
  },
};

const excretion: FieldDef = {
  key: 'excretion',
  label: '排便',
  Cell: ({ content, onChange, disabled, who, single = false }) => (
    <Readings
      who={who}
      noun="排便"
      items={content.defecations}
      max={8}
      single={single}
      disabled={disabled}
      onAdd={() => onChange((c) => ({ ...c, defecations: [...c.defecations, { time: nowTime(), kind: '普通' }] }))}
      onRemove={(i) => onChange((c) => ({ ...c, defecations: setAt(c.defecations, i, null) }))}
      render={(entry, i) => (
        <>
          <TimeField
            label={`${who} 排便時刻 ${i + 1}`}
            value={entry?.time ?? ''}
            disabled={disabled}
            onChange={(time) =>
              onChange((c) => {
                const cur = c.defecations[i];
                return { ...c, defecations: setAt(c.defecations, i, time || cur ? { time, kind: cur?.kind ?? '普通' } : null) };
              })
            }
          />
          <Choices
            label={`${who} 排便の種類 ${i + 1}`}
            options={excretionKinds}
            value={entry?.kind ?? null}
            disabled={disabled}
            onChange={(kind) =>
              onChange((c) => {
                const cur = c.defecations[i];
                return {
                  ...c,
                  defecations: setAt(c.defecations, i, cur?.kind === kind ? null : { time: cur?.time || nowTime(), kind }),
                };
              })
            }
          />
        </>
      )}
    />
  ),
};

const milk: FieldDef = {
  key: 'milk',
  label: 'ミルク',
  Cell: ({ content, onChange, disabled, who, single = false }) => {
    const set = (i: number, patch: { time?: string; amount?: number }) =>
      onChange((c) => {
        const cur = c.milks[i];
        const time = patch.time ?? (cur?.time || nowTime());
        const amount = patch.amount ?? cur?.amount ?? NaN;
        const blank = !time && !Number.isFinite(amount);
        return { ...c, milks: setAt(c.milks, i, blank ? null : { time, amount }) };
      });
    return (
      <Readings
        who={who}
        noun="ミルク"
        items={content.milks}
        max={8}
        single={single}
        disabled={disabled}
        onAdd={() => onChange((c) => ({ ...c, milks: [...c.milks, { time: nowTime(), amount: NaN }] }))}
        onRemove={(i) => onChange((c) => ({ ...c, milks: setAt(c.milks, i, null) }))}
        render={(entry, i) => (
          <>
            <TimeField
              label={`${who} ミルク時刻 ${i + 1}`}
              value={entry?.time ?? ''}
              disabled={disabled}
              onChange={(time) => set(i, { time })}
            />
            <NumberInput
              aria-label={`${who} ミルク量 ${i + 1}`}
              value={entry && Number.isFinite(entry.amount) ? entry.amount : ''}
              allowDecimal={false}
              step={10}
              hideControls
              inputMode="numeric"
              suffix="ml"
              w={96}
              size="md"
              disabled={disabled}
              onChange={(value) => set(i, { amount: numberOrNaN(value) })}
            />
          </>
        )}
      />
    );
  },
};

export const fields: FieldDef[] = [temperature, mealField, nap, excretion, milk, noteField];
