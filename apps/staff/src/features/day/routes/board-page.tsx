import { Alert, Badge, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { showFailure, showSuccess } from '../../../components/alerts';
import { NotFound } from '../../../components/not-found';
import { ClassDateFallback, ClassDateInput } from '../../../components/class-date-page';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { idFrom } from '@renraku/ui';
import { useBoard, useDayLive, useInboxActions, useSaveAttendance } from '../api';
import { AttendanceModal } from '../components/attendance-modal';
import { BoardRow } from '../components/board-row';
import { ContactBookModal } from '../components/contact-book-modal';

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
  const day = board.data;
  if (board.error || !day) return <ClassDateFallback error={board.error} title="クラスボード" subject="ボード" />;
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
      <ClassDateInput date={date} today={today} onDate={(d) => setSearch(d === today ? {} : { date: d })}>
        {!day.can_write && (
          <Badge color="gray.7" variant="outline">
            閲覧のみ
          </Badge>
        )}
      </ClassDateInput>
      {day.infection_alerts.length > 0 && (
        <Alert color="red.9" variant="filled" title="感染症の連絡があります" data-testid="infection-alert">
          {day.infection_alerts.map((a) => `${a.child_name}さん（${a.diseases.join('、')}）`).join('／')}
        </Alert>
      )}
      {day.children.length === 0 ? (
        <Alert color="gray">この日にクラスに在籍している園児はいません。</Alert>
      ) : (
        <Stack gap={4} role="list" aria-label={`${day.class.name}の園児`} data-testid="board">
          {day.children.map((child) => (
            <BoardRow
              key={child.child_id}
              child={child}
              canConfirm={day.can_confirm}
              canWrite={day.can_write}
              confirming={actions.confirmReport.isPending}
              onConfirmReport={(id) => void confirmReport(id)}
              onOpenBook={() => setBookOf(child.child_id)}
              onOpenTimes={() => setTimesOf(child.child_id)}
            />
          ))}
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
