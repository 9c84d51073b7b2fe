import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { BoardChild } from '@renraku/contract/staff';
import { AllergyNote } from '../../../components/allergy-note';
import { ConfirmControl } from './confirm-control';
import { ReportContent } from './entry-content';

const planLabel = (child: BoardChild) => {
  if (!child.planned) return '予定なし';
  if (child.planned.absent) return '予定: 欠席';
  return `予定: ${child.planned.arrival ?? '—'} 〜 ${child.planned.pick_up ?? '—'}`;
};

/**
 * One child on the class board, compact: name and plan in two short lines, the guardians' reports,
 * the contact book and the times as 44-px taps, all on one row, so that an upright tablet shows a
 * dozen children at once (it showed 4.5 with the menu open and three lines per name).
 */
export function BoardRow({
  child,
  canConfirm,
  canWrite,
  confirming,
  onConfirmReport,
  onOpenBook,
  onOpenTimes,
}: {
  child: BoardChild;
  canConfirm: boolean;
  canWrite: boolean;
  confirming: boolean;
  onConfirmReport: (reportId: number) => void;
  onOpenBook: () => void;
  onOpenTimes: () => void;
}) {
  const absent = child.reports.some((r) => r.kind === 'absence');
  return (
    <Paper
      withBorder
      px="sm"
      py={6}
      radius="md"
      role="listitem"
      aria-label={child.name}
      data-testid="board-row"
      data-child={child.child_id}
      bg={absent ? 'gray.0' : undefined}
    >
      <Group align="center" gap="sm" wrap="nowrap">
        <Stack gap={0} w={150} style={{ flexShrink: 0 }}>
          <Group gap={6} wrap="nowrap" align="baseline">
            <Text fw={700} truncate="end">
              {child.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {child.kana}
            </Text>
          </Group>
          <Text size="sm">{planLabel(child)}</Text>
          <AllergyNote allergies={child.allergies} />
        </Stack>
        <Stack gap={4} style={{ flex: '1 1 0', minWidth: 0 }}>
          {child.reports.length === 0 ? (
            <Text size="sm" c="dimmed">
              連絡なし
            </Text>
          ) : (
            child.reports.map((report) => (
              <Group key={report.id} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <ReportContent report={report} />
                <ConfirmControl
                  confirmed={report.confirmed}
                  canWrite={canConfirm}
                  pending={confirming}
                  onConfirm={() => onConfirmReport(report.id)}
                  label={`${child.name}さんの連絡`}
                />
              </Group>
            ))
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {child.contact_book ? (
            <Button
              h={44}
              w={116}
              px="xs"
              variant={child.contact_book.confirmed ? 'default' : 'filled'}
              onClick={onOpenBook}
              aria-label={`${child.name}さんの連絡帳を見る`}
            >
              {child.contact_book.confirmed ? '連絡帳 確認済' : '連絡帳 受信'}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" w={116} ta="center">
              連絡帳 未送信
            </Text>
          )}
          {absent && !child.actual ? (
            <Text size="sm" c="dimmed" w={132} ta="center">
              欠席
            </Text>
          ) : (
            <Button
              h={44}
              w={132}
              px="xs"
              variant={child.actual ? 'default' : 'light'}
              disabled={!canWrite}
              onClick={onOpenTimes}
              aria-label={`${child.name}さんの登降園を記録`}
            >
              {child.actual ? `${child.actual.arrived_at ?? '—'} 〜 ${child.actual.picked_up_at ?? '—'}` : '登降園を記録'}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
