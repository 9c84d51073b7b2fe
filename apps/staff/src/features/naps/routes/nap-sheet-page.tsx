import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { isCalendarDate } from '@renraku/contract/dates';
import { napPositionLabels } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { dayLabel, timeLabel, todayInTokyo } from '@renraku/ui/dates';
import { idFrom } from '@renraku/ui';
import { napsCsvUrl, useClassNaps } from '../api';
import '../components/nap-sheet.css';

/**
 * `/f/:facilityId/naps/:classId/sheet?date=`: the day's 午睡チェック表 for audits — every check in
 * time order with position, breathing, who recorded it (記録者) and on which tablet (端末); printable (print CSS) and as CSV.
 */
export function NapSheetPage() {
  const classId = idFrom(useParams().classId);
  const [search, setSearch] = useSearchParams();
  const today = todayInTokyo();
  const asked = search.get('date');
  const date = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && isCalendarDate(asked) ? asked : today;
  const query = useClassNaps(classId ?? 0, date);
  if (!classId) return <NotFound />;
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  const day = query.data;
  const rows = day.children
    .flatMap((child) => child.checks.map((check) => ({ child, check })))
    .sort((a, b) => a.check.at.localeCompare(b.check.at) || a.child.kana.localeCompare(b.child.kana));

  return (
    <Page title="午睡チェック表">
      <Stack gap="sm" className="nap-sheet">
        <Group justify="space-between" className="nap-sheet-toolbar" align="flex-end">
          <TextInput
            label="日付"
            type="date"
            size="md"
            value={date}
            max={today}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (value) setSearch(value === today ? {} : { date: value }, { replace: true });
            }}
          />
          <Group gap="sm">
            <Button size="md" onClick={() => window.print()}>
              印刷する
            </Button>
            <Button component="a" href={napsCsvUrl(classId, date)} download size="md" variant="default">
              CSVダウンロード
            </Button>
          </Group>
        </Group>
        <Text fw={700} size="lg">
          {day.class.name} {dayLabel(day.date)}
        </Text>
        <Text size="sm">
          確認の間隔：{day.interval_minutes}分
          {day.session
            ? `・午睡 ${timeLabel(day.session.started_at)}〜${day.session.ended_at ? timeLabel(day.session.ended_at) : ''}`
            : '・午睡の記録はありません'}
          ・確認 {rows.length}回
        </Text>
        {rows.length > 0 && (
          <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid="nap-sheet-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>時刻</Table.Th>
                <Table.Th>園児</Table.Th>
                <Table.Th w={100}>体位</Table.Th>
                <Table.Th w={100}>呼吸</Table.Th>
                <Table.Th>記録者</Table.Th>
                <Table.Th>端末</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ child, check }) => (
                <Table.Tr key={check.id}>
                  <Table.Td>{timeLabel(check.at)}</Table.Td>
                  <Table.Td>{child.name}</Table.Td>
                  <Table.Td fw={check.position === 'prone' ? 700 : undefined}>{napPositionLabels[check.position]}</Table.Td>
                  <Table.Td fw={check.breathing_ok ? undefined : 700}>{check.breathing_ok ? '異常なし' : '異常あり'}</Table.Td>
                  <Table.Td>{check.by.name}</Table.Td>
                  <Table.Td>{check.device?.name ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Page>
  );
}
