import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { excretionKinds, mealAmounts, quickMilkAmounts, quickTemperatures, type DailyNoteContent } from '@renraku/contract/staff';
import { allAmounts, commonAmount, PhrasePicker, withPhrase } from './field-meal-note';
import type { CellProps } from './fields';
import { QuickPick } from './quick-pick';
import { nowTime } from './readings';

const last = <T,>(list: T[]) => list[list.length - 1];

/** What a row holds, in a line (the 一覧 tab, and the summary for the desktop). */
export function summary(c: DailyNoteContent): string {
  const parts = [
    c.thermometries.length > 0 &&
      `検温 ${c.thermometries
        .map((t) => `${t.time} ${Number.isFinite(t.thermometry) ? t.thermometry.toFixed(1) : '--'}℃`)
        .join('・')}`,
    c.lunch_items.some((i) => i.amount_label) &&
      `給食 ${c.lunch_items
        .filter((i) => i.amount_label)
        .map((i) => `${i.category_label}${i.amount_label}`)
        .join('・')}`,
    c.sleeps.length > 0 && `午睡 ${c.sleeps.map((s) => `${s.start}〜${s.end ?? ''}`).join('・')}`,
    c.defecations.length > 0 && `排便 ${c.defecations.map((d) => `${d.time} ${d.kind}`).join('・')}`,
    c.milks.length > 0 && `ミルク ${c.milks.map((m) => `${m.time} ${m.amount}ml`).join('・')}`,
    c.text && `連絡 ${c.text}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ／ ') : '未記入';
}

/**
 * One row per child with every kind of record one or two taps away (issue 29: a typical child in
 * at most 8 taps, no typing): 検温, 排便 and ミルク add an entry at the tablet's time from a panel
 * of values, 給食 sets every category at once, ひとこと inserts phrases into the staff note.
 */
export function QuickCell({ content, onChange, disabled, who, categories }: CellProps) {
  const temperature = last(content.thermometries);
  const add = <K extends 'thermometries' | 'defecations' | 'milks'>(key: K, entry: DailyNoteContent[K][number]) =>
    onChange((c) => ({ ...c, [key]: [...c[key], entry].slice(0, key === 'thermometries' ? 5 : 8) }));
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <QuickPick
          who={who}
          noun="検温"
          label={temperature && Number.isFinite(temperature.thermometry) ? `${temperature.thermometry.toFixed(1)}℃＋` : '検温'}
          options={quickTemperatures}
          optionLabel={(t) => t.toFixed(1)}
          disabled={disabled}
          onPick={(thermometry) => add('thermometries', { time: nowTime(), thermometry })}
        />
        <NativeSelect
          aria-label={`${who} 給食（全部）`}
          size="md"
          w={118}
          disabled={disabled}
          value={commonAmount(content) ?? ''}
          data={[{ value: '', label: '給食' }, ...mealAmounts.map((a) => ({ value: a, label: a }))]}
          onChange={(e) => {
            const amount = (e.currentTarget.value || null) as (typeof mealAmounts)[number] | null;
            onChange((c) => allAmounts(c, categories, amount));
          }}
        />
        <QuickPick
          who={who}
          noun="排便"
          label={content.defecations.length > 0 ? `排便${content.defecations.length}＋` : '排便'}
          options={excretionKinds}
          cols={4}
          disabled={disabled}
          onPick={(kind) => add('defecations', { time: nowTime(), kind })}
        />
        <QuickPick
          who={who}
          noun="ミルク"
          label={content.milks.length > 0 ? `ミルク${content.milks.length}＋` : 'ミルク'}
          options={quickMilkAmounts}
          optionLabel={(ml) => `${ml}`}
          cols={4}
          disabled={disabled}
          onPick={(amount) => add('milks', { time: nowTime(), amount })}
        />
        <PhrasePicker who={who} disabled={disabled} onChange={(phrase) => onChange((c) => withPhrase(c, phrase))} />
      </Group>
      <Text size="sm" c="dark.6" lineClamp={2}>
        {summary(content)}
      </Text>
    </Stack>
  );
}
