import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  billingTexts,
  staffBillingReceiptPdfPath,
  statementStatusLabels,
  yenLabel,
  type BillingStatement,
} from '@renraku/contract/staff';
import { fullDateLabel, monthDayLabel } from '@renraku/contract/dates';
import { TableScroll } from '../../../components/table-scroll';
import { buildPath } from '@renraku/ui/api';

/**
 * One family's statement (draft or issued): per-child lines, each saying how it was computed, and
 * the 延長 line's days with their minutes and amounts.
 */
export function StatementCard({
  statement,
  onAdjust,
  onPayment,
}: {
  statement: BillingStatement;
  onAdjust?: () => void;
  onPayment?: () => void;
}) {
  const s = statement;
  const title = `${s.payer.name} 様`;
  const receipt = s.status === 'paid' && s.id !== null ? buildPath(staffBillingReceiptPdfPath, { statementId: s.id }) : null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="statement" aria-label={`${title}の請求`} component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Text fw={700} size="lg">
              {title}
            </Text>
            <Text size="sm">
              {s.children.map((c) => c.name).join('・')}
              {s.number && ` ／ 請求番号 ${s.number}`}
            </Text>
          </Stack>
          <Group gap="sm">
            <Badge
              size="lg"
              variant="light"
              color={s.status === 'draft' ? 'gray' : s.status === 'paid' ? 'teal' : 'blue'}
              c="dark.9"
            >
              {statementStatusLabels[s.status]}
            </Badge>
            <Text fw={700} size="xl" data-testid="statement-total">
              {yenLabel(s.total)}
            </Text>
          </Group>
        </Group>
        <Text size="sm">
          {billingTexts.dueDate}：{fullDateLabel(s.due_date)}
        </Text>
        <TableScroll label={`${title}の明細`} minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">園児</Table.Th>
                <Table.Th scope="col">項目</Table.Th>
                <Table.Th scope="col">計算の内容</Table.Th>
                <Table.Th scope="col" ta="right">
                  金額
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((line, i) => (
                <Table.Tr key={i}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.child_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.label}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{line.explanation}</Text>
                    {line.days.length > 0 && (
                      <details>
                        <summary style={{ cursor: 'pointer', minHeight: 32, paddingTop: 4 }}>
                          {billingTexts.extensionDays}（{line.days.length}日）
                        </summary>
                        <Table withTableBorder fz="sm" mt={4}>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th scope="col">日</Table.Th>
                              <Table.Th scope="col">登園・降園</Table.Th>
                              <Table.Th scope="col">延長</Table.Th>
                              <Table.Th scope="col" ta="right">
                                金額
                              </Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {line.days.map((d) => (
                              <Table.Tr key={d.date}>
                                <Table.Td>{monthDayLabel(d.date)}</Table.Td>
                                <Table.Td>
                                  {d.arrived_at ?? '—'}〜{d.picked_up_at ?? '—'}
                                </Table.Td>
                                <Table.Td>
                                  {billingTexts.minutes(d.early_minutes, d.late_minutes)}（{d.units}単位）
                                </Table.Td>
                                <Table.Td ta="right">{yenLabel(d.amount)}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </details>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {yenLabel(line.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {(onAdjust || onPayment || receipt) && (
          <Group>
            {receipt && (
              // The same 領収書 the guardian downloads (spec/billing.md §3), once 支払済.
              <Button component="a" href={receipt} download size="md" variant="default">
                {billingTexts.receipt}
              </Button>
            )}
            {onAdjust && (
              <Button size="md" variant="default" onClick={onAdjust}>
                調整を追加
              </Button>
            )}
            {onPayment && (
              <Button size="md" variant="default" onClick={onPayment}>
                入金を記録
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
