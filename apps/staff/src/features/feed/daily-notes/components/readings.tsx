import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** Now in Tokyo as HH:MM (the tablet's clock): the time a value entered without one gets. */
export const nowTime = () =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(),
  );

/** The list with entry `i` replaced (null removes it; one past the end appends). */
export function setAt<T>(list: T[], i: number, item: T | null): T[] {
  if (item === null) return list.filter((_, j) => j !== i);
  if (i >= list.length) return [...list, item];
  return list.map((x, j) => (j === i ? item : x));
}

export function TimeField({
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
      w={124}
      size="md"
    />
  );
}

/**
 * Several readings a day, each with its time (issue 29: a 15:00 temperature beside the 09:00 one):
 * one line per entry with its remove button, and 「＋追加」 for another. With no entry yet, one
 * blank line to type into. `single` (the 「全員」 row): the first entry only.
 */
export function Readings<T>({
  who,
  noun,
  items,
  max,
  single,
  disabled,
  onAdd,
  onRemove,
  render,
}: {
  who: string;
  noun: string;
  items: T[];
  max: number;
  single: boolean;
  disabled: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
  render: (entry: T | undefined, index: number) => ReactNode;
}) {
  const shown = single ? items.slice(0, 1) : items;
  return (
    <Stack gap={4}>
      {(shown.length === 0 ? [undefined] : shown).map((entry, i) => (
        <Group key={i} gap="xs" wrap="nowrap">
          {render(entry, i)}
          {!single && entry !== undefined && (
            <ActionIcon
              size={44}
              variant="subtle"
              color="gray"
              aria-label={`${who} ${noun}${i + 1}を削除`}
              disabled={disabled}
              onClick={() => onRemove(i)}
            >
              ✕
            </ActionIcon>
          )}
        </Group>
      ))}
      {!single && items.length > 0 && items.length < max && !disabled && (
        <Button h={44} variant="light" size="sm" w="fit-content" aria-label={`${who} ${noun}をもう1件追加`} onClick={onAdd}>
          ＋もう1件
        </Button>
      )}
    </Stack>
  );
}
