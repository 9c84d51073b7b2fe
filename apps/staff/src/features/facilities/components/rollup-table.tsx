import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RollupFacility } from '@renraku/contract/staff';
import { TableScroll } from '../../../components/table-scroll';
import { facilityPath } from '../../../lib/facility';

const ageLabel = (band: number | null) => (band === null ? '' : `（${band}歳児）`);

/** One row per facility of the company: today's children by class, staff, tablets, guardians, pick-up proposals. */
export function RollupTable({ facilities }: { facilities: RollupFacility[] }) {
  return (
    <TableScroll label="施設ごとの集計" minWidth={960}>
      <Table withTableBorder striped verticalSpacing="sm" data-testid="rollup-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>施設</Table.Th>
            <Table.Th ta="right">在園児</Table.Th>
            <Table.Th>クラス別（今日）</Table.Th>
            <Table.Th ta="right">職員</Table.Th>
            <Table.Th ta="right">タブレット</Table.Th>
            <Table.Th ta="right">保護者登録済</Table.Th>
            <Table.Th ta="right">保護者未登録</Table.Th>
            <Table.Th ta="right">お迎え承認待ち</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {facilities.map((f) => (
            <Table.Tr key={f.id} data-testid={`rollup-${f.id}`}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={facilityPath(f.id)}>
                  {f.name}
                </Anchor>
              </Table.Th>
              <Table.Td ta="right">{f.children_count}人</Table.Td>
              <Table.Td>
                {f.classes.length === 0 && f.children_without_class === 0 ? (
                  <Text size="sm">今年度のクラスはまだありません</Text>
                ) : (
                  <Stack gap={0}>
                    {f.classes.map((c) => (
                      <Text size="sm" key={c.id}>
                        {c.name}
                        {ageLabel(c.age_band)}: {c.children_count}人
                      </Text>
                    ))}
                    {f.children_without_class > 0 && <Text size="sm">クラス未設定: {f.children_without_class}人</Text>}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td ta="right">{f.staff_count}人</Table.Td>
              <Table.Td ta="right">{f.devices_count}台</Table.Td>
              <Table.Td ta="right">{f.children_with_guardian}人</Table.Td>
              <Table.Td ta="right">
                {f.children_without_guardian}人
                {f.registrations_pending > 0 && (
                  <Text size="sm" span display="block">
                    （うち手続き中 {f.registrations_pending}人）
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{f.pickup_proposals}件</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
