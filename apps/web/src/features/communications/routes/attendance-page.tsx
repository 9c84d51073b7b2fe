import { Alert, Button, Radio, Group, Stack, Text } from '@mantine/core';
import { communicationMessages as M, defaultFocusHours, limits } from '@renraku/contract/client';
import { useState } from 'react';
import { todayInTokyo } from '@renraku/ui/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { ApiRequestError } from '@renraku/ui/api';
import { queuedMessage } from '../../../lib/send-queue';
import { askForPush } from '../../../lib/push-prompt';
import { useAttendanceHistory, useCheckTargetDate, useIsAbsence, useScheduleByDate, useSendAttendance } from '../api';
import { ChildPicker } from '../components/child-picker';
import { CounterTextarea } from '../components/counter-textarea';
import { DayInput } from '../components/day-input';
import { HistoryList } from '../components/history-list';
import { NotEnrolled } from '../components/not-enrolled';
import { TimeSelect } from '../components/time-select';
import { useCommunicationChildren, useSelectedChild, type CommunicationChild } from '../components/use-communication-children';
import { useDateParam } from '../components/use-date-param';

/** /communications/attendance: change the arrival or pick-up time of a day (F §2, §4). */
export function AttendancePage() {
  const { list, isPending } = useCommunicationChildren();
  const { selected, select } = useSelectedChild(list);
  const today = todayInTokyo();
  const [date, setDate] = useDateParam(today);
  const history = useAttendanceHistory(selected?.childId, 'change');

  return (
    <Page title="登園・お迎え時間の変更">
      {isPending ? (
        <Loading />
      ) : !selected ? (
        <NotEnrolled />
      ) : (
        <>
          <ChildPicker list={list} value={selected.childId} onChange={select} />
          <DayInput value={date} onChange={setDate} min={today} qa="attendance-date" />
          <AttendanceForm key={`${selected.childId}:${date}`} child={selected} date={date} />
          <HistoryList items={history.data} isPending={history.isPending} />
        </>
      )}
    </Page>
  );
}

function AttendanceForm({ child, date }: { child: CommunicationChild; date: string }) {
  const check = useCheckTargetDate(child.childId, date);
  const absent = useIsAbsence(child.childId, date);
  const schedule = useScheduleByDate(child.childId, date);
  const send = useSendAttendance(child.childId);
  const [type, setType] = useState<'1' | '2'>('1');
  const [time, setTime] = useState<string | null>(null);
  const [note, setNote] = useState('');

  if (!child.writable) return <Alert color="gray">{M.readOnly}</Alert>;
  if (check.isPending || absent.isPending) return <Loading />;
  if (check.isError || absent.isError) return <Alert color="red">{M.familyInfoLoadFailed}</Alert>;
  if (!check.data.result) {
    return (
      <Alert color="gray" data-qa="attendance-blocked">
        {check.data.message}
      </Alert>
    );
  }
  if (absent.data.result) {
    return (
      <Alert color="orange" data-qa="attendance-blocked" c="dark">
        {M.alreadyAbsent}
      </Alert>
    );
  }

  const arrival = type === '1';
  const tooLong = [...note].length > limits.attendanceNote;
  const submit = () =>
    send.mutate(
      {
        targetDate: date,
        attendanceType: Number(type),
        attendanceTime: arrival ? time : null,
        leavingTime: arrival ? null : time,
        attendanceText: arrival ? note : '',
        leavingText: arrival ? '' : note,
      },
      {
        onSuccess: (sent) => {
          showSuccess(sent.queued ? queuedMessage : M.attendanceSent);
          if (!sent.queued) askForPush();
          setTime(null);
          setNote('');
        },
        onError: (error) => {
          showFailure(error);
          if (error instanceof ApiRequestError && error.status === 409) void absent.refetch();
        },
      },
    );

  const planned = schedule.data?.data;
  return (
    <Stack gap="md" component="section" aria-label="変更内容">
      {planned && (planned.attendance_time || planned.leaving_time) && (
        <Text size="sm" c="dimmed" data-qa="planned">
          登園予定：{planned.attendance_time?.slice(0, 5) ?? '--:--'}〜{planned.leaving_time?.slice(0, 5) ?? '--:--'}
        </Text>
      )}
      <Radio.Group
        label="変更する時間"
        value={type}
        onChange={(v) => {
          setType(v as '1' | '2');
          setTime(null);
        }}
      >
        <Group gap="md" mt={4}>
          <Radio value="1" label="登園時間" />
          <Radio value="2" label="お迎え時間" />
        </Group>
      </Radio.Group>
      <TimeSelect
        key={type}
        label={arrival ? '登園時間' : 'お迎え時間'}
        qa={arrival ? 'arrival' : 'pickup'}
        value={time}
        onChange={setTime}
        focusHour={arrival ? defaultFocusHours.arrival : defaultFocusHours.pickUp}
      />
      <CounterTextarea label="備考" value={note} max={limits.attendanceNote} onChange={(e) => setNote(e.currentTarget.value)} />
      <Button fullWidth onClick={submit} disabled={!time || tooLong || send.isPending} loading={send.isPending}>
        送信する
      </Button>
    </Stack>
  );
}
