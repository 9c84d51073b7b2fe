import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { RatioDay } from '@renraku/contract/staff';

/**
 * The day per 15 minutes (staffing.md §4): actual staff and required per room and slot, each short
 * slot listed in words (an inspector reads the list; the grid shows where in the day).
 */
export function DaySlots({ day }: { day: RatioDay }) {
  const hours = day.slots.filter((s) => s.endsWith(':00'));
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        今日の15分ごとの配置（予定と実績）
      </Title>
      <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
        <Table horizontalSpacing={2} verticalSpacing={4} withColumnBorders fz="xs" data-testid="day-slots">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">部屋</Table.Th>
              {hours.map((h) => (
                <Table.Th key={h} scope="col" colSpan={4}>
                  {Number(h.slice(0, 2))}時
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {day.rooms.flatMap((room) =>
              (['planned', 'actual'] as const).map((side) => (
                <Table.Tr key={`${room.class_id}-${side}`} data-testid={`day-${side}-${room.class_id}`}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {room.name} {side === 'planned' ? '予定' : '実績'}
                  </Table.Th>
                  {room[side].map((slot) => (
                    <Table.Td
                      key={slot.start}
                      bg={slot.short ? 'red.9' : slot.children > 0 ? 'green.1' : undefined}
                      c={slot.short ? 'white' : 'dark.9'}
                      ta="center"
                      title={`${slot.start} 園児${slot.children}人 保育士${slot.staff}人 必要${slot.required}人`}
                    >
                      {slot.children > 0 ? slot.staff : ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <Text size="sm">
        マスの数字は保育士の人数（その15分で最も不足した時点）。赤は配置基準を下回った時間帯です。予定はシフト表と登園予定から、実績は打刻と登降園から数えます。
      </Text>
      {day.short_slots.length === 0 ? (
        <Text data-testid="short-slots">今日は配置基準を下回った時間帯はありません。</Text>
      ) : (
        <Stack gap={4} data-testid="short-slots">
          <Text fw={700}>実績で配置基準を下回った時間帯（{day.short_slots.length}件）</Text>
          <ul style={{ margin: 0 }}>
            {day.short_slots.map((s) => (
              <li key={`${s.class_id}-${s.start}`}>
                {s.name} {s.start}〜：園児{s.children}人に保育士{s.staff}人（必要{s.required}人）
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </Stack>
  );
}
