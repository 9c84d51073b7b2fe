import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { monthDayLabel } from '@renraku/contract/dates';
import type { ClassDayMenu, DailyNoteContent } from '@renraku/contract/staff';
import { withCategories } from './field-meal-note';

/** The day's menu as the class shares it: 献立, 給食の品目 and the snacks (written into every present child's note). */
export interface Menu {
  school_meal: string | null;
  categories: string[];
  snack_morning: string | null;
  snack_afternoon: string | null;
}

export const menuOf = (content: DailyNoteContent | undefined, fallback: readonly string[]): Menu => ({
  school_meal: content?.school_meal ?? null,
  categories: content && content.lunch_items.length > 0 ? content.lunch_items.map((i) => i.category_label) : [...fallback],
  snack_morning: content?.snack_morning ?? null,
  snack_afternoon: content?.snack_afternoon ?? null,
});

export const applyMenu = (content: DailyNoteContent, menu: Menu): DailyNoteContent => ({
  ...withCategories(content, menu.categories),
  school_meal: menu.school_meal,
  snack_morning: menu.snack_morning,
  snack_afternoon: menu.snack_afternoon,
});

const splitCategories = (value: string) =>
  value
    .split(/[、,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 8);

const orNull = (value: string) => (value === '' ? null : value);

export function MenuPanel({
  menu,
  previous,
  disabled,
  onChange,
}: {
  menu: Menu;
  previous: ClassDayMenu | null;
  disabled: boolean;
  onChange: (menu: Menu) => void;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>今日の献立（クラス共通）</Text>
        <Button
          variant="light"
          h={44}
          disabled={disabled || !previous}
          onClick={() =>
            previous &&
            onChange({
              school_meal: previous.school_meal,
              categories: previous.lunch_categories.length > 0 ? previous.lunch_categories : menu.categories,
              snack_morning: previous.snack_morning,
              snack_afternoon: previous.snack_afternoon,
            })
          }
        >
          {previous ? `前日の献立をコピー（${monthDayLabel(previous.date)}）` : '前日の献立はありません'}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label="給食の献立"
          value={menu.school_meal ?? ''}
          disabled={disabled}
          onChange={(e) => onChange({ ...menu, school_meal: orNull(e.currentTarget.value) })}
        />
        <TextInput
          label="給食の品目（、で区切る）"
          defaultValue={menu.categories.join('、')}
          key={menu.categories.join('、')}
          disabled={disabled}
          onBlur={(e) => onChange({ ...menu, categories: splitCategories(e.currentTarget.value) })}
        />
        <TextInput
          label="午前のおやつ"
          value={menu.snack_morning ?? ''}
          disabled={disabled}
          onChange={(e) => onChange({ ...menu, snack_morning: orNull(e.currentTarget.value) })}
        />
        <TextInput
          label="午後のおやつ"
          value={menu.snack_afternoon ?? ''}
          disabled={disabled}
          onChange={(e) => onChange({ ...menu, snack_afternoon: orNull(e.currentTarget.value) })}
        />
      </SimpleGrid>
    </Paper>
  );
}
