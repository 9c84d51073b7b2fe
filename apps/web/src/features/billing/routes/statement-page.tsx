import { Badge, Button, Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  billingReceiptPdfPath,
  billingTexts,
  statementStatusLabels,
  yenLabel,
  type StatementLine,
} from '@renraku/contract/client';
import { monthDayLabel, slashDate } from '@renraku/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { ApiRequestError } from '@renraku/ui/api';
import { billingStatementQueryOptions } from '../api';

const monthLabel = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月分`;

/** How the statement is paid, by its status (口座振替 is how the facility collects). */
const paymentNote: Record<string, string> = {
  unpaid: 'お支払い方法は園からのご案内をご確認ください。',
  scheduled: 'ご指定の口座から期日に引き落とします。',
  paid: 'お支払いを確認しました。ありがとうございました。',
  failed: '口座から引き落とせませんでした。園にお問い合わせください。',
};

function ExtensionDays({ line }: { line: StatementLine }) {
  return (
    <Table withTableBorder fz="sm" mt={4} aria-label={`${line.child_name}の${billingTexts.extensionDays}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">日</Table.Th>
          <Table.Th scope="col">登園〜降園</Table.Th>
          <Table.Th scope="col">延長</Table.Th>
          <Table.Th scope="col" ta="right">
            金額
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {line.days.map((d) => (
          <Table.Tr key={d.date} data-testid="extension-day">
            <Table.Td>{monthDayLabel(d.date)}</Table.Td>
            <Table.Td>
              {d.arrived_at ?? '—'}〜{d.picked_up_at ?? '—'}
            </Table.Td>
            <Table.Td>{billingTexts.minutes(d.early_minutes, d.late_minutes)}</Table.Td>
            <Table.Td ta="right">{yenLabel(d.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /billing/:id: one statement with its lines and each day's 延長 minutes; 404 when not the caller's family's. */
export function StatementPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, error } = useQuery({ ...billingStatementQueryOptions(id), enabled: valid });
  if (!valid || (error instanceof ApiRequestError && error.status === 404)) return <NotFound />;
  if (isPending) return <Loading />;
  if (error) return <Text c="red.9">{error.message}</Text>;
  const s = data;
  const byChild = s.children
    .map((c) => ({ ...c, lines: s.lines.filter((l) => l.child_id === c.id) }))
    .filter((c) => c.lines.length > 0);
  return (
    <Page title={`${monthLabel(s.month)}の請求`}>
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          <Text size="sm">
            {s.facility_name} ／ 請求番号 {s.number}
          </Text>
          <Group justify="space-between" align="flex-end">
            <Stack gap={0}>
              <Text size="sm">{billingTexts.total}</Text>
              <Text fw={700} fz={28} data-testid="statement-total">
                {yenLabel(s.total)}
              </Text>
            </Stack>
            <Badge
              size="lg"
              variant="light"
              color={s.status === 'paid' ? 'teal' : s.status === 'failed' ? 'red' : 'blue'}
              c="dark.9"
            >
              {statementStatusLabels[s.status]}
            </Badge>
          </Group>
          <Text size="sm">
            {billingTexts.dueDate}：{slashDate(s.due_date)}
          </Text>
          <Text size="sm">{paymentNote[s.status]}</Text>
          {s.status === 'paid' && s.id !== null && (
            // The 領収書 once paid (spec/billing.md §3): a file from the server, not a screen.
            <Button
              component="a"
              href={billingReceiptPdfPath.replace('{id}', String(s.id))}
              download
              variant="light"
              mt="xs"
              data-testid="receipt-link"
            >
              {billingTexts.receipt}
            </Button>
          )}
        </Stack>
      </Paper>
      {byChild.map((c) => (
        <Stack key={c.id} gap="xs" component="section" aria-labelledby={`child-${c.id}`}>
          <Title order={2} size="h5" id={`child-${c.id}`}>
            {c.name}
          </Title>
          <Paper withBorder radius="md" p="sm">
            <Stack gap="sm">
              {c.lines.map((line, i) => (
                <Stack key={i} gap={2}>
                  {i > 0 && <Divider mb={6} />}
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{line.label}</Text>
                    <Text fw={600}>{yenLabel(line.amount)}</Text>
                  </Group>
                  <Text size="sm">{line.explanation}</Text>
                  {line.days.length > 0 && <ExtensionDays line={line} />}
                </Stack>
              ))}
            </Stack>
          </Paper>
        </Stack>
      ))}
    </Page>
  );
}
