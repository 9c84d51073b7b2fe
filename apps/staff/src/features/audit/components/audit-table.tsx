import { Table, Text } from '@mantine/core';
import type { AuditEntry } from '@renraku/contract/staff';
import { TableScroll } from '../../../components/table-scroll';
import { dateTimeSecondsLabel } from '@renraku/ui/dates';

const dash = <Text c="dimmed">—</Text>;

/** The log's rows: when, who, on which tablet, what, which child, from where. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <TableScroll label="監査ログの表" minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">日時</Table.Th>
            <Table.Th scope="col">職員</Table.Th>
            <Table.Th scope="col">端末</Table.Th>
            <Table.Th scope="col">操作</Table.Th>
            <Table.Th scope="col">園児</Table.Th>
            <Table.Th scope="col">IP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.at}>{dateTimeSecondsLabel(entry.at)}</time>
              </Table.Td>
              <Table.Td>
                {entry.user ? (
                  <>
                    {entry.user.name}
                    <Text span size="xs" c="dimmed" ml={4}>
                      ID {entry.user.id}
                    </Text>
                  </>
                ) : (
                  '（端末のみ）'
                )}
              </Table.Td>
              <Table.Td>{entry.device ? entry.device.name : dash}</Table.Td>
              <Table.Td>{entry.action_label}</Table.Td>
              <Table.Td>
                {entry.child ? (
                  <>
                    {entry.child.name}
                    <Text span size="xs" c="dimmed" ml={4}>
                      ID {entry.child.id}
                    </Text>
                  </>
                ) : entry.child_count > 1 ? (
                  `${entry.child_count}人`
                ) : (
                  dash
                )}
              </Table.Td>
              <Table.Td style={{ fontFamily: 'monospace' }}>{entry.ip ?? dash}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
