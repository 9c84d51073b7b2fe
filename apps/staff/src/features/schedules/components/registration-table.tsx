import { Badge, Table, Text } from '@mantine/core';
import { registrationStateLabels, type ScheduleChildStatus } from '@renraku/contract/staff';
import { TableScroll } from '../../../components/table-scroll';

const stateColor = { none: 'red', partial: 'orange', registered: 'teal' } as const;

/** Each child's registration state (text and colour), the days registered, and the guardians who may register. */
export function RegistrationTable({ children }: { children: ScheduleChildStatus[] }) {
  return (
    <TableScroll label="園児ごとの登録状況" minWidth={640}>
      <Table withTableBorder verticalSpacing="sm" data-testid="registration-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>園児</Table.Th>
            <Table.Th w={110}>クラス</Table.Th>
            <Table.Th w={120}>状況</Table.Th>
            <Table.Th w={110}>登録日数</Table.Th>
            <Table.Th>保護者</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {children.map((child) => (
            <Table.Tr key={child.id}>
              <Table.Td>
                <Text fw={600}>{child.name}</Text>
                <Text size="xs" c="dark.6">
                  {child.kana}
                </Text>
              </Table.Td>
              <Table.Td>{child.class_name ?? '—'}</Table.Td>
              <Table.Td>
                <Badge variant="light" size="lg" color={stateColor[child.state]} c="dark.9">
                  {registrationStateLabels[child.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {child.registered_days} / {child.open_days}日
              </Table.Td>
              <Table.Td>
                {child.guardians.length === 0 ? (
                  <Text size="sm" c="dark.6">
                    登録できる保護者がいません
                  </Text>
                ) : (
                  child.guardians.map((g) => (
                    <Text key={g.id} size="sm">
                      {g.name}
                      {g.main ? '（主）' : ''}
                      {g.reminded_today ? '・本日催促済' : ''}
                    </Text>
                  ))
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
