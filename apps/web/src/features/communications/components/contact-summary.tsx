import { Table } from '@mantine/core';
import { monthDayLabel } from '@renraku/contract/dates';

interface SummaryValues {
  sleepTime?: string | null;
  wakeTime?: string | null;
  bodyTemperature?: string | null;
  thermometryTime?: string | null;
  defecationName?: string | null;
  defecationTime?: string | null;
  dinner?: string | null;
  breakfast?: string | null;
  message?: string | null;
  isParticipate?: boolean | null;
}

const show = (v: string | null | undefined, suffix = '') => (v ? `${v}${suffix}` : '未入力');

/** The contact book as a read-only table: the confirm page and sent (or not editable) days. */
export function ContactSummary({
  childName,
  contactOn,
  values,
  canShowPool,
}: {
  childName: string;
  contactOn: string;
  values: SummaryValues;
  canShowPool: boolean;
}) {
  const rows: [string, string][] = [
    ['お子さま', childName],
    ['日付', monthDayLabel(contactOn)],
    ['就寝時刻', show(values.sleepTime)],
    ['起床時刻', show(values.wakeTime)],
    ['体温', show(values.bodyTemperature, '℃')],
    ['検温時刻', show(values.thermometryTime)],
    ['排便', show(values.defecationName)],
    ['排便時刻', show(values.defecationTime)],
    ['前日の夕食', show(values.dinner)],
    ['朝食', show(values.breakfast)],
    ['連絡事項', show(values.message)],
  ];
  if (canShowPool)
    rows.push(['プール', values.isParticipate == null ? '未定' : values.isParticipate ? '参加する' : '参加しない']);
  return (
    <Table withTableBorder variant="vertical" layout="fixed" data-qa="contact-summary">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={110}>{label}</Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
