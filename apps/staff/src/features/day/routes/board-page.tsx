import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { fullDateLabel } from '@renraku/contract/dates';
import type { BoardChild } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '../../../components/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { statusOf } from '../../../lib/api';
import { todayInTokyo } from '../../../lib/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { idFrom } from '../../../lib/route-id';
import { useBoard, useDayLive, useInboxActions, useSaveAttendance } from '../api';
import { AttendanceModal } from '../components/attendance-modal';
import { ConfirmControl } from '../components/confirm-control';
import { ContactBookModal } from '../components/contact-book-modal';
import { ReportContent } from '../components/entry-content';

const planLabel = (child: BoardChild) => {
  if (!child.planned) return '予定なし';
  if (child.planned.absent) return '予定: 欠席';
  return `予定: ${child.planned.arrival ?? '—'} 〜 ${child.planned.pick_up ?? '—'}`;
};

/**
 * `/f/:facilityId/board/:classId?date=`: the class board of a day (staff.md §4): one row per
 * enrolled child with planned and actual times, the guardians' reports and contact book, and an
 * infection alert. Guardians' new reports appear without a reload (useDayLive).
 */
export function BoardPage() {
  const classId = idFrom(useParams().classId);
  const facility = useFacility();
  const today = todayInTokyo();
  const [search, setSearch] = useSearchParams();
  const date = search.get('date') ?? today;
  const board = useBoard(facility.id, classId ?? 0, date);
  useDayLive(facility.id, date);
  const actions = useInboxActions(facility.id);
  const save = useSaveAttendance(facility.id, classId ?? 0, date);
  const [timesOf, setTimesOf] = useState<number | null>(null);
  const [bookOf, setBookOf] = useState<number | null>(null);

  if (!classId) return <NotFound />;
  if (board.error) {
    const status = statusOf(board.error);
    if (status === 404) return <NotFound />;
    return (
      <Page title="クラスボード">
        <Alert color="red">{status === 403 ? 'このクラスのボードは閲覧できません。' : '読み込めませんでした。'}</Alert>
      </Page>
    );
  }
  const day = board.data;
  if (!day) return <Loading />;
  const timesChild = day.children.find((c) => c.child_id === timesOf);
  const bookChild = day.children.find((c) => c.child_id === bookOf);
  const confirmReport = (id: number) =>
    actions.confirmReport.mutateAsync(id).then(
      () => showSuccess('確認しました'),
      (error: unknown) => showFailure(error),
    );

  return (
    <Page
      title={`${day.class.name}のボード`}
      size="xl"
      actions={
        <Button
          component={Link}
          to={`${facilityPath(facility.id, `daily/${classId}`)}${date === today ? '' : `?date=${date}`}`}
          h={44}
          variant="light"
        >
          連絡帳記入へ
        </Button>
      }
    >
      <Group gap="sm" wrap="wrap">
        <TextInput
          type="date"
          aria-label="日付"
          value={date}
          max={today}
          onChange={(e) =>
            e.currentTarget.value && setSearch(e.currentTarget.value === today ? {} : { date: e.currentTarget.value })
          }
        />
        <Text>{fullDateLabel(date)}</Text>
        {!day.can_write && (
          <Badge color="gray.7" variant="outline">
            閲覧のみ
          </Badge>
        )}
      </Group>
      {day.infection_alerts.length > 0 && (
        <Alert color="red.9" variant="filled" title="感染症の連絡があります" data-testid="infection-alert">
          {day.infection_alerts.map((a) => `${a.child_name}さん（${a.diseases.join('、')}）`).join('／')}
        </Alert>
      )}
      {day.children.length === 0 ? (
        <Alert color="gray">この日にクラスに在籍している園児はいません。</Alert>
      ) : (
        <Stack gap="xs" role="list" aria-label={`${day.class.name}の園児`} data-testid="board">
          {day.children.map((child) => {
            const absent = child.reports.some((r) => r.kind === 'absence');
            return (
              <Paper
                key={child.child_id}
                withBorder
                p="sm"
                radius="md"
                role="listitem"
                aria-label={child.name}
                data-testid="board-row"
                data-child={child.child_id}
                bg={absent ? 'gray.0' : undefined}
              >
                <Group align="flex-start" gap="md" wrap="wrap">
                  <Stack gap={0} w={170}>
                    <Text fw={700}>{child.name}</Text>
                    <Text size="xs" c="dimmed">
                      {child.kana}
                    </Text>
                    <Text size="sm">{planLabel(child)}</Text>
                  </Stack>
                  <Stack gap="xs" style={{ flex: '1 1 220px' }}>
                    {child.reports.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        保護者からの連絡なし
                      </Text>
                    ) : (
                      child.reports.map((report) => (
                        <Group key={report.id} justify="space-between" wrap="nowrap" align="flex-start">
                          <ReportContent report={report} />
                          <ConfirmControl
                            confirmed={report.confirmed}
                            canWrite={day.can_confirm}
                            pending={actions.confirmReport.isPending}
                            onConfirm={() => void confirmReport(report.id)}
                            label={`${child.name}さんの連絡`}
                          />
                        </Group>
                      ))
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap" style={{ marginLeft: 'auto' }}>
                    {child.contact_book ? (
                      <Button
                        h={44}
                        miw={130}
                        px="sm"
                        variant={child.contact_book.confirmed ? 'default' : 'filled'}
                        onClick={() => setBookOf(child.child_id)}
                        aria-label={`${child.name}さんの連絡帳を見る`}
                      >
                        {child.contact_book.confirmed ? '連絡帳 確認済' : '連絡帳 受信'}
                      </Button>
                    ) : (
                      <Text size="sm" c="dimmed" miw={130} ta="center">
                        連絡帳 未送信
                      </Text>
                    )}
                    {absent && !child.actual ? (
                      <Text size="sm" c="dimmed" w={150} ta="center">
                        欠席
                      </Text>
                    ) : (
                      <Button
                        h={44}
                        w={150}
                        px="xs"
                        variant={child.actual ? 'default' : 'light'}
                        disabled={!day.can_write}
                        onClick={() => setTimesOf(child.child_id)}
                        aria-label={`${child.name}さんの登降園を記録`}
                      >
                        {child.actual
                          ? `${child.actual.arrived_at ?? '—'} 〜 ${child.actual.picked_up_at ?? '—'}`
                          : '登降園を記録'}
                      </Button>
                    )}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {timesChild && (
        <AttendanceModal
          child={timesChild}
          date={date}
          saving={save.isPending}
          onClose={() => setTimesOf(null)}
          onSave={(body) => save.mutateAsync(body)}
        />
      )}
      {bookChild?.contact_book && (
        <ContactBookModal
          facilityId={facility.id}
          childName={bookChild.name}
          book={bookChild.contact_book}
          canWrite={day.can_confirm}
          onClose={() => setBookOf(null)}
        />
      )}
    </Page>
  );
}
