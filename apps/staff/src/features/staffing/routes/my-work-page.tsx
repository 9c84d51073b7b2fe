import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { addMonths, monthDayShortLabel, weekdayOf, yearMonthLabel } from '@renraku/contract/dates';
import { clockKindLabels, clockStateLabels, staffingMessages, type MyShifts } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useStaffMe } from '../../../lib/staff-session';
import { useMyClock, useMyShifts } from '../api';
import { MyConditions } from '../components/my-conditions';
import { MyGateQr } from '../components/my-gate-qr';
import { MyWishesSection } from '../components/my-wishes';

/**
 * `/f/:facilityId/staffing/me`: わたしの勤務 on the staff member's phone (staffing.md §2–3): their
 * 職員QR large for the gate, today's 打刻, and their own published shifts of this month (and next
 * month once published). Own data only (the calls answer the caller's rows alone).
 */
export function MyWorkPage() {
  const facility = useFacility();
  const { data: me } = useStaffMe();
  // A company admin's membership is company-wide: no 打刻 or shifts of their own here.
  const member = facility.role !== 'company_admin';
  const today = todayInTokyo();
  const month = today.slice(0, 7);
  const clock = useMyClock(facility.id, member);
  const thisMonth = useMyShifts(facility.id, month, member);
  const nextMonth = useMyShifts(facility.id, addMonths(month, 1), member);
  return (
    <Page title="わたしの勤務" size="sm">
      {!member ? (
        <Alert color="gray" variant="light">
          {staffingMessages.notMember}
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="my-qr-title">
            <Title order={2} size="h4" id="my-qr-title" mb="sm">
              受付で打刻する
            </Title>
            {me && <MyGateQr userId={me.user.id} />}
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="my-today-title" data-testid="my-today">
            <Title order={2} size="h4" id="my-today-title" mb="xs">
              きょうの打刻
            </Title>
            {clock.isPending ? (
              <Loading />
            ) : clock.error ? (
              <FormError error={clock.error} />
            ) : (
              <Stack gap={4}>
                <Text fw={700}>{clockStateLabels[clock.data.state]}</Text>
                {clock.data.entries.length === 0 ? (
                  <Text size="sm">まだ打刻はありません。</Text>
                ) : (
                  clock.data.entries.map((e) => (
                    <Text key={e.id} size="sm" td={e.voided ? 'line-through' : undefined}>
                      {clockKindLabels[e.kind]} {e.time}
                      {e.source === 'kiosk' && '（受付）'}
                      {e.source === 'correction' && '（修正）'}
                      {e.voided && '（取消）'}
                    </Text>
                  ))
                )}
              </Stack>
            )}
          </Paper>
          <ShiftList shifts={thisMonth.data} error={thisMonth.error} month={month} today={today} />
          <MyWishesSection facilityId={facility.id} month={addMonths(month, 1)} />
          {/* 事務 are not placed in shifts: no 勤務条件 (staffing-working-conditions.md). */}
          {me && facility.role !== 'office' && <MyConditions facilityId={facility.id} userId={me.user.id} />}
          {nextMonth.data?.published_at && (
            <ShiftList shifts={nextMonth.data} error={null} month={nextMonth.data.month} today={today} />
          )}
        </>
      )}
    </Page>
  );
}

function ShiftList({ shifts, error, month, today }: { shifts?: MyShifts; error: Error | null; month: string; today: string }) {
  const id = `my-shifts-${month}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {yearMonthLabel(month)}のシフト
      </Title>
      {error ? (
        <FormError error={error} />
      ) : !shifts ? (
        <Loading />
      ) : !shifts.published_at ? (
        <Text size="sm">この月のシフトはまだ公開されていません。</Text>
      ) : shifts.days.length === 0 ? (
        <Text size="sm">この月の勤務はありません。</Text>
      ) : (
        <Table verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">日付</Table.Th>
              <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
                シフト
              </Table.Th>
              <Table.Th scope="col">時間（休憩）</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shifts.days.map((d) => (
              <Table.Tr key={d.date} fw={d.date === today ? 700 : undefined} aria-current={d.date === today ? 'date' : undefined}>
                <Table.Th scope="row">
                  {monthDayShortLabel(d.date)}（{weekdayOf(d.date)}）{d.date === today && ' きょう'}
                </Table.Th>
                <Table.Td>{d.code}</Table.Td>
                <Table.Td>
                  {d.start}〜{d.end}（{d.break_minutes}分）
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
