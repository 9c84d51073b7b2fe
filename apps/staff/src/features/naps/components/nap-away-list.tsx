import { List, Paper, Text } from '@mantine/core';
import { napPresenceLabels, type NapChild } from '@renraku/contract/staff';

/** Why a child is not on the grid: 欠席（連絡あり）, 未登園, 降園済み 15:10. */
function awayText(child: NapChild) {
  switch (child.presence) {
    case 'absent':
      return '欠席（連絡あり）';
    case 'picked_up':
      return `${napPresenceLabels.picked_up}${child.picked_up_at ? ` ${child.picked_up_at}` : ''}`;
    default:
      return napPresenceLabels[child.presence];
  }
}

/**
 * The class's children not in the room (docs/decisions/naps-presence.md): listed with the reason,
 * never due, no check buttons; a child who arrives (kiosk or board) joins the grid.
 */
export function NapAwayList({ away }: { away: NapChild[] }) {
  if (away.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="nap-away">
      <Text fw={700}>午睡チェックの対象外（{away.length}人）</Text>
      <Text size="sm" c="dark.6">
        登園していない園児・降園した園児です。登園したらクラスボードで登園を記録すると、ここから確認の一覧に移ります。
      </Text>
      <List size="sm" mt={4} spacing={2}>
        {away.map((child) => (
          <List.Item key={child.id} data-testid={`nap-away-${child.id}`}>
            {child.name}：{awayText(child)}
            {child.checks.length > 0 ? `（確認 ${child.checks.length}回）` : ''}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
