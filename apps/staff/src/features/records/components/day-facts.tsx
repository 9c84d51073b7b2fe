import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { RecordDayFacts } from '@renraku/contract/staff';
import { TableScroll } from '../../../components/table-scroll';
import { timeLabel } from '@renraku/ui/dates';

const stateLabels = { present: '出席', absent: '欠席', expected: '未登園' } as const;

/** The day's attendance as the class board has it (read from the day's records, not typed again). */
export function AttendanceFacts({ facts, label }: { facts: RecordDayFacts; label: string }) {
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="sm">
          在籍 {facts.counts.enrolled}名・出席 {facts.counts.present}名・欠席 {facts.counts.absent}名
        </Text>
      </Group>
      <TableScroll label={label} minWidth={560}>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">園児</Table.Th>
              <Table.Th scope="col">出欠</Table.Th>
              <Table.Th scope="col">登園</Table.Th>
              <Table.Th scope="col">降園</Table.Th>
              <Table.Th scope="col">欠席の理由</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {facts.attendance.map((a) => (
              <Table.Tr key={a.child_id}>
                <Table.Th scope="row" fw={500}>
                  {a.name}
                </Table.Th>
                <Table.Td>
                  <Badge variant="light" color={a.state === 'absent' ? 'red' : a.state === 'present' ? 'teal' : 'gray'}>
                    <Text span size="xs" fw={700} c="dark.8">
                      {stateLabels[a.state]}
                    </Text>
                  </Badge>
                </Table.Td>
                <Table.Td>{a.arrived_at ?? '—'}</Table.Td>
                <Table.Td>{a.picked_up_at ?? '—'}</Table.Td>
                <Table.Td>{[a.absence_reason, ...a.diseases].filter(Boolean).join('・') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

/** The day's nap checks, summed up. */
export function NapFacts({ facts, label }: { facts: RecordDayFacts; label: string }) {
  const nap = facts.nap;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text size="sm">
        {nap
          ? `${timeLabel(nap.started_at)}〜${nap.ended_at ? timeLabel(nap.ended_at) : '（午睡中）'}、確認 ${nap.checks}回（${nap.children_checked}名）${nap.prone_found > 0 ? `・うつ伏せ ${nap.prone_found}回（直しました）` : ''}`
          : 'この日の午睡チェックの記録はありません'}
      </Text>
    </Stack>
  );
}
