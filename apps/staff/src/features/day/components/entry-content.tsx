import { Badge, Group, Stack, Text } from '@mantine/core';
import { guardianReportKindLabels, type DayContactBook, type GuardianReport } from '@renraku/contract/staff';
import { timeLabel } from '@renraku/ui/dates';

/** An absence or a time change as one short block: kind, time or reason, diseases, the message. */
export function ReportContent({ report }: { report: GuardianReport }) {
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Badge color={report.kind === 'absence' ? 'red.8' : 'blue.8'} variant="filled">
          {guardianReportKindLabels[report.kind]}
        </Badge>
        {report.time && <Text fw={700}>{report.time}</Text>}
        {report.absence_reason && <Text fw={700}>{report.absence_reason}</Text>}
      </Group>
      {report.diseases.length > 0 && (
        <Group gap={4}>
          <Text size="sm">症状・病名：</Text>
          {report.diseases.map((d) => (
            <Badge key={d.name} color={d.notifiable ? 'red.9' : 'gray.7'} variant={d.notifiable ? 'filled' : 'outline'}>
              {d.name}
            </Badge>
          ))}
        </Group>
      )}
      {report.message && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {report.message}
        </Text>
      )}
    </Stack>
  );
}

const orDash = (value: string | null) => (value ? value : '—');

/** The family's contact book of the day as sent. */
export function ContactBookContent({ book, showSent = true }: { book: DayContactBook; showSent?: boolean }) {
  const rows: [string, string][] = [
    ['就寝・起床', `${orDash(book.sleep.started_at)} 〜 ${orDash(book.sleep.ended_at)}`],
    ['体温', book.temperature ? `${book.temperature}℃（${orDash(book.thermometry_done_at)}）` : '—'],
    ['排便', book.defecation ? `${book.defecation}（${orDash(book.defecation_done_at)}）` : '—'],
    ['夕食', orDash(book.dinner)],
    ['朝食', orDash(book.breakfast)],
  ];
  if (book.is_participate !== null) rows.push(['プール', book.is_participate ? '参加する' : '参加しない']);
  return (
    <Stack gap={4}>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px', margin: 0 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </dl>
      {book.message && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="contact-book-message">
          {book.message}
        </Text>
      )}
      {showSent && (
        <Text size="xs" c="dimmed">
          送信 {timeLabel(book.sent_at)}
        </Text>
      )}
    </Stack>
  );
}
