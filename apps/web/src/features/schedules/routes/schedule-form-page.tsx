import { Button, Fieldset, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { scheduleLimits } from '@renraku/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { monthDayWideLabel } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { ApiRequestError } from '@renraku/ui/api';
import { childScheduleQueryOptions, useSaveSchedule } from '../api';
import { TimeSelect } from '../components/time-select';

/** /schedules/children/{id}/create/{date} and …/edit/{scheduleId} (F §2 Schedules, §4). */
export function ScheduleFormPage() {
  const params = useParams();
  const id = Number(params.id);
  const scheduleId = params.scheduleId ? Number(params.scheduleId) : undefined;
  const validDate = !params.date || /^\d{4}-\d{2}-\d{2}$/.test(params.date);
  const valid =
    Number.isInteger(id) && id > 0 && (scheduleId === undefined || (Number.isInteger(scheduleId) && scheduleId > 0)) && validDate;
  const existing = useQuery({ ...childScheduleQueryOptions(id, scheduleId ?? 0), enabled: valid && !!scheduleId });
  const navigate = useNavigate();
  const save = useSaveSchedule(id, scheduleId);

  const [isAbsent, setIsAbsent] = useState(false);
  const [attendanceTime, setAttendanceTime] = useState<string>(scheduleLimits.defaultAttendanceTime);
  const [leavingTime, setLeavingTime] = useState<string>(scheduleLimits.defaultLeavingTime);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    const s = existing.data;
    if (!s) return;
    setIsAbsent(s.isAbsent);
    if (s.attendanceTime) setAttendanceTime(s.attendanceTime);
    if (s.leavingTime) setLeavingTime(s.leavingTime);
    setRemarks(s.remarks ?? '');
  }, [existing.data]);

  if (!valid || (existing.error instanceof ApiRequestError && existing.error.status === 404)) return <NotFound />;
  if (scheduleId && !existing.data) return existing.error ? <NotFound /> : <Loading />;
  const date = existing.data?.date ?? params.date!;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      {
        date,
        isAbsent,
        attendanceTime: isAbsent ? null : attendanceTime,
        leavingTime: isAbsent ? null : leavingTime,
        remarks: remarks || null,
      },
      {
        onSuccess: () => {
          showSuccess('登園予定を登録しました');
          navigate(-1);
        },
        onError: (error) => {
          // F §8: the errors object as field errors, else the message.
          if (error instanceof ApiRequestError && error.body.errors) setErrors(error.body.errors);
          else showFailure(error);
        },
      },
    );
  };
  const fieldError = (field: string) => errors[field]?.join('\n');

  return (
    <Page title={monthDayWideLabel(date)}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SegmentedControl
            aria-label="登園の有無"
            value={isAbsent ? 'absent' : 'attend'}
            onChange={(v) => setIsAbsent(v === 'absent')}
            data={[
              { value: 'absent', label: '欠席する' },
              { value: 'attend', label: '登園する' },
            ]}
          />
          {fieldError('date') && (
            <Text c="red.9" size="sm" role="alert">
              {fieldError('date')}
            </Text>
          )}
          {!isAbsent && (
            <Fieldset legend="登園・お迎え時間" variant="unstyled" styles={{ legend: { fontWeight: 700, marginBottom: 8 } }}>
              <Stack gap="sm">
                <TimeSelect
                  label="登園時間"
                  value={attendanceTime}
                  onChange={setAttendanceTime}
                  focusHour={scheduleLimits.attendanceFocusHour}
                  error={fieldError('attendanceTime')}
                />
                <TimeSelect
                  label="お迎え時間"
                  value={leavingTime}
                  onChange={setLeavingTime}
                  focusHour={scheduleLimits.leavingFocusHour}
                  error={fieldError('leavingTime')}
                />
              </Stack>
            </Fieldset>
          )}
          <Textarea
            label="自由記入欄"
            value={remarks}
            onChange={(e) => setRemarks(e.currentTarget.value)}
            autosize
            minRows={3}
            error={fieldError('remarks')}
          />
          <Button type="submit" loading={save.isPending}>
            確定
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
