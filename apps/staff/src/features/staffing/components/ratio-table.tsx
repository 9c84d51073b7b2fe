import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { ageBandLabels, type RatioNow } from '@renraku/contract/staff';

/**
 * The ratio now, a row per room (staffing.md §4): children present by band, staff in the room,
 * required and the shortfall; a room short of staff is a red row with the number missing in words.
 */
export function RatioTable({
  ratio,
  myUserId,
  canMoveHere,
  moving,
  onMove,
}: {
  ratio: RatioNow;
  myUserId: number;
  /** The caller is at work and may move into a room. */
  canMoveHere: boolean;
  moving: boolean;
  onMove: (classId: number) => void;
}) {
  return (
    <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="ratio-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">部屋</Table.Th>
            <Table.Th scope="col">園児（年齢別）</Table.Th>
            <Table.Th scope="col">保育士</Table.Th>
            <Table.Th scope="col">必要</Table.Th>
            <Table.Th scope="col">状態</Table.Th>
            {canMoveHere && <Table.Th scope="col">移動</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ratio.rooms.map((room) => {
            const short = room.short > 0;
            const here = room.staff.some((s) => s.user_id === myUserId);
            return (
              <Table.Tr
                key={room.class_id}
                data-testid={`ratio-row-${room.class_id}`}
                data-short={short ? 'true' : 'false'}
                bg={short ? 'red.0' : undefined}
              >
                <Table.Th scope="row">
                  <Text fw={700}>{room.name}</Text>
                </Table.Th>
                <Table.Td>
                  <Text fw={700}>{room.children}人</Text>
                  <Text size="sm" c="dark.6">
                    {room.children_by_band
                      .map((n, band) => (n > 0 ? `${ageBandLabels[band]} ${n}` : null))
                      .filter(Boolean)
                      .join('・') || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fw={700}>{room.staff.length}人</Text>
                  <Text size="sm" c="dark.6">
                    {room.staff.map((s) => s.name).join('、') || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fw={700}>{room.required}人</Text>
                </Table.Td>
                <Table.Td>
                  {short ? (
                    <Badge color="red.9" size="lg" radius="sm">
                      {room.short}人不足
                    </Badge>
                  ) : (
                    <Text c="dark.9" fw={700}>
                      {room.children === 0 ? '園児なし' : '充足'}
                    </Text>
                  )}
                </Table.Td>
                {canMoveHere && (
                  <Table.Td>
                    {here ? (
                      <Text size="sm">この部屋にいます</Text>
                    ) : (
                      <Button size="sm" variant="default" loading={moving} onClick={() => onMove(room.class_id)} mih={44}>
                        この部屋に入る
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {ratio.unassigned.length > 0 && (
        <Group p="sm" gap="xs">
          <Text size="sm">部屋に入っていない出勤中の職員：</Text>
          <Text size="sm" fw={700}>
            {ratio.unassigned.map((s) => s.name).join('、')}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
