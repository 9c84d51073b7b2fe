import { Button, Group, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { excretionKinds, mealAmounts, type DailyNoteContent } from '@renraku/contract/staff';

/**
 * The grid's fields, one tab each (docs/decisions/feed-staff-daily-notes.md): the same cell edits a
 * child's row and the 「全員」 row, whose values 「全員に適用」 copies into every present child. The
 * grid edits one entry per record kind; further entries (a second temperature) stay as they are.
 */
export interface CellProps {
  content: DailyNoteContent;
  onChange: (update: (content: DailyNoteContent) => DailyNoteContent) => void;
  disabled: boolean;
  /** Whose row: prefixes the fields' accessible names (「試験 花子 体温」). */
  who: string;
  categories: string[];
}

export interface FieldDef {
  key: string;
  label: string;
  Cell: (props: CellProps) => ReactNode;
  /** Copies this field's values from the 「全員」 row into a child's note. */
  apply: (content: DailyNoteContent, template: DailyNoteContent) => DailyNoteContent;
}

/** Now in Tokyo as HH:MM (the tablet's clock): the time a value entered without one gets. */
export const nowTime = () =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(),
  );

const replaceFirst = <T,>(list: T[], item: T | null): T[] => (item === null ? list.slice(1) : [item, ...list.slice(1)]);

function TimeField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  return (
    <TextInput
      type="time"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
      w={130}
      size="md"
    />
  );
}

/** One tap per choice, 44 px high; tapping the chosen one again clears it. */
export function Choices<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: readonly T[];
  value: T | null;
  /** The option tapped; the handler toggles against the latest note, not this render's value. */
  onChange: (tapped: T) => void;
  disabled: boolean;
}) {
  return (
    <Group gap={4} role="group" aria-label={label} wrap="nowrap">
      {options.map((option) => (
        <Button
          key={option}
          h={44}
          px={10}
          size="sm"
          variant={value === option ? 'filled' : 'default'}
          aria-pressed={value === option}
          disabled={disabled}
          onClick={() => onChange(option)}
        >
          {option}
        </Button>
      ))}
    </Group>
  );
}

const text = (value: string) => (value === '' ? null : value);

/** The class's 給食 rows of a note, keeping the amounts already picked. */
export const withCategories = (content: DailyNoteContent, categories: string[]): DailyNoteContent => ({
  ...content,
  lunch_items: categories.map((category_label) => ({
    category_label,
    amount_label: content.lunch_items.find((i) => i.category_label === category_label)?.amount_label ?? null,
  })),
});

export const fields: FieldDef[] = [
  {
    key: 'temperature',
    label: '検温',
    Cell: ({ content, onChange, disabled, who }) => {
      const entry = content.thermometries[0];
      return (
        <Group gap="xs" wrap="nowrap">
          <TimeField
            label={`${who} 検温時刻`}
            value={entry?.time ?? ''}
            disabled={disabled}
            onChange={(time) =>
              onChange((c) => {
                const cur = c.thermometries[0];
                return {
                  ...c,
                  thermometries: replaceFirst(
                    c.thermometries,
                    time || cur ? { time, thermometry: cur?.thermometry ?? NaN } : null,
                  ),
                };
              })
            }
          />
          <NumberInput
            aria-label={`${who} 体温`}
            value={entry && Number.isFinite(entry.thermometry) ? entry.thermometry : ''}
            decimalScale={1}
            step={0.1}
            min={34}
            max={42}
            hideControls
            inputMode="decimal"
            suffix="℃"
            w={110}
            size="md"
            disabled={disabled}
            onChange={(value) =>
              onChange((c) => {
                const cur = c.thermometries[0];
                return {
                  ...c,
                  thermometries: replaceFirst(
                    c.thermometries,
                    value === '' && !cur?.time
                      ? null
                      : { time: cur?.time || nowTime(), thermometry: value === '' ? NaN : Number(value) },
                  ),
                };
              })
            }
          />
        </Group>
      );
    },
    apply: (c, t) => ({ ...c, thermometries: replaceFirst(c.thermometries, t.thermometries[0] ?? null) }),
  },
  {
    key: 'meal',
    label: '給食',
    Cell: ({ content, onChange, disabled, who, categories }) => (
      <Group gap="xs" wrap="wrap">
        {categories.map((category) => {
          const amount = content.lunch_items.find((i) => i.category_label === category)?.amount_label ?? null;
          return (
            <Group key={category} gap={4} wrap="nowrap">
              <span style={{ minWidth: 36, fontWeight: 700 }}>{category}</span>
              <Choices
                label={`${who} ${category}`}
                options={mealAmounts}
                value={amount}
                disabled={disabled}
                onChange={(value) =>
                  onChange((c) => {
                    const next = withCategories(c, categories);
                    return {
                      ...next,
                      lunch_items: next.lunch_items.map((i) =>
                        i.category_label === category ? { ...i, amount_label: value } : i,
                      ),
                    };
                  })
                }
              />
            </Group>
          );
        })}
      </Group>
    ),
    apply: (c, t) => ({ ...c, lunch_items: t.lunch_items.map((i) => ({ ...i })) }),
  },
  {
    key: 'nap',
    label: '午睡',
    Cell: ({ content, onChange, disabled, who }) => {
      const entry = content.sleeps[0];
      const set = (part: 'start' | 'end', value: string) =>
        onChange((c) => {
          const start = part === 'start' ? value : (c.sleeps[0]?.start ?? '');
          const end = part === 'end' ? value : (c.sleeps[0]?.end ?? '');
          return { ...c, sleeps: replaceFirst(c.sleeps, start || end ? { start, end: end || null } : null) };
        });
      return (
        <Group gap="xs" wrap="nowrap">
          <TimeField label={`${who} 午睡開始`} value={entry?.start ?? ''} disabled={disabled} onChange={(v) => set('start', v)} />
          <span aria-hidden>〜</span>
          <TimeField label={`${who} 午睡終了`} value={entry?.end ?? ''} disabled={disabled} onChange={(v) => set('end', v)} />
        </Group>
      );
    },
    apply: (c, t) => ({ ...c, sleeps: replaceFirst(c.sleeps, t.sleeps[0] ?? null) }),
  },
  {
    key: 'excretion',
    label: '排便',
    Cell: ({ content, onChange, disabled, who }) => {
      const entry = content.defecations[0];
      return (
        <Group gap="xs" wrap="nowrap">
          <TimeField
            label={`${who} 排便時刻`}
            value={entry?.time ?? ''}
            disabled={disabled}
            onChange={(time) =>
              onChange((c) => {
                const cur = c.defecations[0];
                return {
                  ...c,
                  defecations: replaceFirst(c.defecations, time || cur ? { time, kind: cur?.kind ?? '普通' } : null),
                };
              })
            }
          />
          <Choices
            label={`${who} 排便の種類`}
            options={excretionKinds}
            value={entry?.kind ?? null}
            disabled={disabled}
            onChange={(kind) =>
              onChange((c) => {
                const cur = c.defecations[0];
                return {
                  ...c,
                  defecations: replaceFirst(c.defecations, cur?.kind === kind ? null : { time: cur?.time || nowTime(), kind }),
                };
              })
            }
          />
        </Group>
      );
    },
    apply: (c, t) => ({ ...c, defecations: replaceFirst(c.defecations, t.defecations[0] ?? null) }),
  },
  {
    key: 'milk',
    label: 'ミルク',
    Cell: ({ content, onChange, disabled, who }) => {
      const entry = content.milks[0];
      return (
        <Group gap="xs" wrap="nowrap">
          <TimeField
            label={`${who} ミルク時刻`}
            value={entry?.time ?? ''}
            disabled={disabled}
            onChange={(time) =>
              onChange((c) => {
                const cur = c.milks[0];
                return { ...c, milks: replaceFirst(c.milks, time || cur ? { time, amount: cur?.amount ?? NaN } : null) };
              })
            }
          />
          <NumberInput
            aria-label={`${who} ミルク量`}
            value={entry && Number.isFinite(entry.amount) ? entry.amount : ''}
            allowDecimal={false}
            step={10}
            hideControls
            inputMode="numeric"
            suffix="ml"
            w={110}
            size="md"
            disabled={disabled}
            onChange={(value) =>
              onChange((c) => {
                const cur = c.milks[0];
                return {
                  ...c,
                  milks: replaceFirst(
                    c.milks,
                    value === '' && !cur?.time
                      ? null
                      : { time: cur?.time || nowTime(), amount: value === '' ? NaN : Number(value) },
                  ),
                };
              })
            }
          />
        </Group>
      );
    },
    apply: (c, t) => ({ ...c, milks: replaceFirst(c.milks, t.milks[0] ?? null) }),
  },
  {
    key: 'note',
    label: '連絡',
    Cell: ({ content, onChange, disabled, who }) => (
      <Stack gap={4} style={{ flex: 1 }}>
        <Textarea
          aria-label={`${who} 保育士より`}
          placeholder="今日の様子"
          value={content.text ?? ''}
          autosize
          minRows={1}
          maxRows={4}
          size="md"
          disabled={disabled}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onChange((c) => ({ ...c, text: text(value) }));
          }}
        />
        <Group gap="xs" grow>
          <TextInput
            aria-label={`${who} 給食のようす`}
            placeholder="給食のようす"
            value={content.lunch_note ?? ''}
            size="md"
            disabled={disabled}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange((c) => ({ ...c, lunch_note: text(value) }));
            }}
          />
          <TextInput
            aria-label={`${who} おやつのようす`}
            placeholder="おやつのようす"
            value={content.snack_note ?? ''}
            size="md"
            disabled={disabled}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange((c) => ({ ...c, snack_note: text(value) }));
            }}
          />
        </Group>
      </Stack>
    ),
    apply: (c, t) => ({ ...c, text: t.text, lunch_note: t.lunch_note, snack_note: t.snack_note }),
  },
];
