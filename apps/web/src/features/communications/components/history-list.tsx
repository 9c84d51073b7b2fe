import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { absenceTypeLabels, attendanceStatusLabels, type AttendanceItem } from '@renraku/contract/client';
import { monthDayLabel, slashDateTimeLabel } from '@renraku/contract/dates';
import { Loading } from '@renraku/ui/loading';

/** Changes or absences already sent, newest first, with the facility's read state. */
export function HistoryList({ items, isPending }: { items: AttendanceItem[] | undefined; isPending: boolean }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="history-heading">
      <Title order={2} size="h5" id="history-heading">
        連絡履歴
      </Title>
      {isPending ? (
        <Loading />
      ) : !items || items.length === 0 ? (
        <Text size="sm" c="dimmed">
          連絡履歴はありません
        </Text>
      ) : (
        items.map((item) => (
          <Card key={item.id} withBorder padding="sm" data-qa="history-item">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={700} size="sm">
                  {monthDayLabel(item.target_date)} {attendanceStatusLabels[item.attendance_status_id]}
                </Text>
                {item.attendance_time && <Text size="sm">登園時間：{item.attendance_time.slice(0, 5)}</Text>}
                {item.leaving_time && <Text size="sm">お迎え時間：{item.leaving_time.slice(0, 5)}</Text>}
                {item.absence_type && <Text size="sm">理由：{absenceTypeLabels[item.absence_type]}</Text>}
                {item.diseases.length > 0 && <Text size="sm">症状・病名：{item.diseases.map((d) => d.name).join('、')}</Text>}
                {item.message && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {item.message}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  送信日時：{slashDateTimeLabel(item.created_at)}
                </Text>
              </Stack>
              {item.confirmed_at ? (
                <Badge color="teal.9" variant="outline" style={{ flexShrink: 0 }} data-qa="facility-confirmed">
                  施設確認済
                </Badge>
              ) : (
                <Badge
                  color={item.read_at ? 'gray.7' : 'brand'}
                  variant={item.read_at ? 'outline' : 'filled'}
                  style={{ flexShrink: 0 }}
                >
                  {item.read_at ? '既読' : '未読'}
                </Badge>
              )}
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
