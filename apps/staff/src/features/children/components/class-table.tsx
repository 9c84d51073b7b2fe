import { Button, Table, Text } from '@mantine/core';
import { ActionsHeader } from '../../../components/actions-header';
import type { StaffClass } from '@renraku/contract/staff';
import { ageBandLabel } from '../labels';
import { TableScroll } from '../../../components/table-scroll';

/** A 年度's classes: age band, assigned staff, children enrolled today; 「編集」 for directors. */
export function ClassTable({ classes, onEdit }: { classes: StaffClass[]; onEdit: ((klass: StaffClass) => void) | null }) {
  return (
    <TableScroll label="クラス一覧" minWidth={640}>
      <Table verticalSpacing="sm" data-testid="class-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">クラス名</Table.Th>
            <Table.Th scope="col">年齢</Table.Th>
            <Table.Th scope="col">担当職員</Table.Th>
            <Table.Th scope="col" ta="right">
              園児数
            </Table.Th>
            {onEdit && <ActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classes.map((klass) => (
            <Table.Tr key={klass.id}>
              <Table.Th scope="row" fw={500}>
                {klass.name}
              </Table.Th>
              <Table.Td>{ageBandLabel(klass.age_band)}</Table.Td>
              <Table.Td>
                {klass.staff.length > 0 ? klass.staff.map((person) => person.name).join('、') : <Text c="dimmed">未設定</Text>}
              </Table.Td>
              <Table.Td ta="right">{klass.children_count}人</Table.Td>
              {onEdit && (
                <Table.Td ta="right">
                  <Button variant="light" onClick={() => onEdit(klass)} aria-label={`${klass.name}を編集`}>
                    編集
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
