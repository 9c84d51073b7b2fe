import { Group, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { dailyNotePhrases, mealAmounts, type DailyNoteContent } from '@renraku/contract/staff';
import { Choices } from './choices';
import type { FieldDef } from './fields';
import { QuickPick } from './quick-pick';

const text = (value: string) => (value === '' ? null : value);
type Amount = (typeof mealAmounts)[number];

/** The class's 給食 rows of a note, keeping the amounts already picked. */
export const withCategories = (content: DailyNoteContent, categories: string[]): DailyNoteContent => ({
  ...content,
  lunch_items: categories.map((category_label) => ({
    category_label,
    amount_label: content.lunch_items.find((i) => i.category_label === category_label)?.amount_label ?? null,
  })),
});

/** Every category of the class's 給食 to one amount (「全部」: the usual day in one tap). */
export const allAmounts = (content: DailyNoteContent, categories: string[], amount: Amount | null): DailyNoteContent => ({
  ...content,
  lunch_items: categories.map((category_label) => ({ category_label, amount_label: amount })),
});

/** The amount every category has, or null when they differ or none is picked. */
export const commonAmount = (content: DailyNoteContent): Amount | null => {
  const amounts = new Set(content.lunch_items.map((i) => i.amount_label));
  return amounts.size === 1 ? ([...amounts][0] ?? null) : null;
};

/** A phrase added to the staff note (tap to insert; no typing on a day without remarks). */
export const withPhrase = (content: DailyNoteContent, phrase: string): DailyNoteContent => ({
  ...content,
  text: `${content.text ?? ''}${phrase}。`,
});

export function PhrasePicker({
  who,
  disabled,
  onChange,
}: {
  who: string;
  disabled: boolean;
  onChange: (phrase: string) => void;
}) {
  return (
    <QuickPick
      who={who}
      noun="ひとこと"
      label="ひとこと"
      options={dailyNotePhrases.phrases}
      cols={2}
      keepOpen
      disabled={disabled}
      onPick={onChange}
    />
  );
}

/** 給食: one compact select per category (a row per child, not 20 buttons); the 「全員」 row adds 「全部」. */
export const mealField: FieldDef = {
  key: 'meal',
  label: '給食',
  Cell: ({ content, onChange, disabled, who, categories, single = false }) => (
    <Group gap="xs" wrap="wrap">
      {single && (
        <Choices
          label={`${who} 全部`}
          options={mealAmounts}
          value={commonAmount(content)}
          disabled={disabled}
          onChange={(amount) => onChange((c) => allAmounts(c, categories, commonAmount(c) === amount ? null : amount))}
        />
      )}
      {categories.map((category) => (
        <NativeSelect
          key={category}
          aria-label={`${who} ${category}`}
          leftSection={
            <Text size="xs" fw={700}>
              {category}
            </Text>
          }
          leftSectionWidth={32}
          rightSectionWidth={24}
          w={124}
          size="md"
          disabled={disabled}
          value={content.lunch_items.find((i) => i.category_label === category)?.amount_label ?? ''}
          data={[{ value: '', label: '―' }, ...mealAmounts.map((a) => ({ value: a, label: a }))]}
          onChange={(e) => {
            const value = (e.currentTarget.value || null) as Amount | null;
            onChange((c) => {
              const next = withCategories(c, categories);
              return {
                ...next,
                lunch_items: next.lunch_items.map((i) => (i.category_label === category ? { ...i, amount_label: value } : i)),
              };
            });
          }}
        />
      ))}
    </Group>
  ),
};

export const noteField: FieldDef = {
  key: 'note',
  label: '連絡',
  Cell: ({ content, onChange, disabled, who }) => (
    <Stack gap={4} style={{ flex: 1 }}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Textarea
          aria-label={`${who} 保育士より`}
          placeholder="今日の様子（ひとことから選べます）"
          value={content.text ?? ''}
          autosize
          minRows={1}
          maxRows={4}
          size="md"
          disabled={disabled}
          style={{ flex: 1 }}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onChange((c) => ({ ...c, text: text(value) }));
          }}
        />
        <PhrasePicker who={who} disabled={disabled} onChange={(phrase) => onChange((c) => withPhrase(c, phrase))} />
      </Group>
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
};
