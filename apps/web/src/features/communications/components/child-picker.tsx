import { SegmentedControl, Text } from '@mantine/core';
import type { CommunicationChild } from './use-communication-children';

/** Chooses the child the message is about (shown when there is more than one). */
export function ChildPicker({
  list,
  value,
  onChange,
}: {
  list: CommunicationChild[];
  value: number | undefined;
  onChange: (childId: number) => void;
}) {
  if (list.length <= 1) {
    return list[0] ? <Text fw={700}>{list[0].name}</Text> : null;
  }
  return (
    <SegmentedControl
      fullWidth
      aria-label="お子さまを選択"
      data={list.map((c) => ({ value: String(c.childId), label: c.name }))}
      value={value ? String(value) : undefined}
      onChange={(v) => onChange(Number(v))}
      color="brand"
    />
  );
}
