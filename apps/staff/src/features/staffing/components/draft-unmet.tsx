import { Alert, Table, Text } from '@mantine/core';
import { unmetReasonLabels } from '@renraku/contract/staff';
import type { ShiftDraft } from '@renraku/contract/staff';
import { weekdayOf } from '@renraku/contract/dates';

/**
 * After 下書きを作成: the slots the draft could not staff (staffing.md §3), by day, time range and
 * class, with the 不足人数 and why; none is a green line.
 */
export function DraftUnmet({ unmet }: { unmet: ShiftDraft['unmet'] }) {
  if (unmet.length === 0)
    return (
      <Alert color="green" title="配置基準を満たせない時間帯はありません" data-testid="draft-unmet">
        下書きはすべての時間帯で配置基準を満たしています。確認して公開してください。
      </Alert>
    );
  return (
    <Alert color="red" title={`配置基準を満たせない時間帯：${unmet.length}件`} data-testid="draft-unmet">
      <Text size="sm" mb="xs">
        下書きでは次の時間帯の人数が足りません。セルを変えて調整するか、応援の職員を入れてください。
      </Text>
      <Table fz="sm" withTableBorder bg="white">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">日付</Table.Th>
            <Table.Th scope="col">時間</Table.Th>
            <Table.Th scope="col">クラス</Table.Th>
            <Table.Th scope="col">不足人数</Table.Th>
            <Table.Th scope="col">理由</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {unmet.map((u) => (
            <Table.Tr key={`${u.date}-${u.class_id}-${u.start}`}>
              <Table.Td>
                {Number(u.date.slice(5, 7))}月{Number(u.date.slice(8))}日（{weekdayOf(u.date)}）
              </Table.Td>
              <Table.Td>
                {u.start}〜{u.end}
              </Table.Td>
              <Table.Td>{u.class_name}</Table.Td>
              <Table.Td>{u.short}人</Table.Td>
              <Table.Td>{unmetReasonLabels[u.reason]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
