import { Badge, Text } from '@mantine/core';
import type { RecordSlot } from '@renraku/contract/staff';

const looks: Record<RecordSlot['state'], { label: string; color: string }> = {
  missing: { label: '未作成', color: 'red' },
  writing: { label: '作成中', color: 'blue' },
  waiting: { label: '承認待ち', color: 'yellow' },
  returned: { label: '差し戻し', color: 'orange' },
  done: { label: '承認済み', color: 'teal' },
};

/** A document's state in a list (what is missing or waiting, records.md §4). */
export function StateBadge({ state }: { state: RecordSlot['state'] }) {
  const look = looks[state];
  return (
    <Badge variant="light" color={look.color} size="lg">
      <Text span size="sm" fw={700} c="dark.8">
        {look.label}
      </Text>
    </Badge>
  );
}
