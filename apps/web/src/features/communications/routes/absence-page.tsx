import { ActionIcon, Alert, Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { absenceMonthsAhead, absenceTypes, communicationMessages as M, limits } from '@renraku/contract/client';
import { useState } from 'react';
import { addDays, endOfMonthAfter, monthDayLabel } from '@renraku/contract/dates';
import { todayInTokyo } from '@renraku/ui/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { queuedMessage } from '../../../lib/send-queue';
import { askForPush } from '../../../lib/push-prompt';
import { useAttendanceHistory, useCheckTargetDate, useDiseases, useSendAbsence } from '../api';
import { ChildPicker } from '../components/child-picker';
import { CounterTextarea } from '../components/counter-textarea';
import { DayInput } from '../components/day-input';
import { HistoryList } from '../components/history-list';
import { NotEnrolled } from '../components/not-enrolled';
import { useCommunicationChildren, useSelectedChild, type CommunicationChild } from '../components/use-communication-children';
import { useDateParam } from '../components/use-date-param';

/** /communications/absence: report one or more days of absence (F §2, §4, §5). */
export function AbsencePage() {
  const { list, isPending } = useCommunicationChildren();
  const { selected, select } = useSelectedChild(list);
  const today = todayInTokyo();
  const [date, setDate] = useDateParam(today);
  const history = useAttendanceHistory(selected?.childId, 'absence');

  return (
    <Page title="欠席連絡">
      {isPending ? (
        <Loading />
      ) : !selected ? (
        <NotEnrolled />
      ) : (
        <>
          <ChildPicker list={list} value={selected.childId} onChange={select} />
          <DayInput value={date} onChange={setDate} min={today} qa="absence-date" />
          <AbsenceForm key={`${selected.childId}:${date}`} child={selected} firstDate={date} />
          <HistoryList items={history.data} isPending={history.isPending} />
        </>
      )}
    </Page>
  );
}

function AbsenceForm({ child, firstDate }: { child: CommunicationChild; firstDate: string }) {
  const check = useCheckTargetDate(child.childId, firstDate);
  const diseases = useDiseases();
  const send = useSendAbsence(child.childId);
  const [extra, setExtra] = useState<string[]>([]);
  const [type, setType] = useState<string>('');
  const [picked, setPicked] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  if (!child.writable) return <Alert color="gray">{M.readOnly}</Alert>;
  if (check.isPending) return <Loading />;
  if (check.isError) return <Alert color="red">{M.familyInfoLoadFailed}</Alert>;
  if (!check.data.result) {
    return (
      <Alert color="gray" data-qa="absence-blocked">
        {check.data.message}
      </Alert>
    );
  }

  const today = todayInTokyo();
  const limit = endOfMonthAfter(firstDate, absenceMonthsAhead);
  const dates = [firstDate, ...extra];
  const last = dates[dates.length - 1]!;
  const canAdd = addDays(last, 1) <= limit;
  const sick = Number(type) === absenceTypes.sick;

  const reset = () => {
    setExtra([]);
    setType('');
    setPicked([]);
    setNote('');
    setErrors([]);
  };

  const submit = () => {
    const problems: string[] = [];
    if (!type) problems.push(M.absenceTypeRequired);
    if (new Set(dates).size !== dates.length) problems.push(M.duplicateDates);
    if (dates.some((d) => d < today)) problems.push(M.pastDate);
    if (dates.some((d) => d > limit)) problems.push(M.absenceDateTooFar);
    if (sick && picked.length === 0) problems.push(M.diseaseRequired);
    if ([...note].length > limits.absenceNote) problems.push(M.noteTooLong);
    setErrors(problems);
    if (problems.length > 0) return;
    send.mutate(
      { absenceType: Number(type), absenceDates: dates, diseases: sick ? picked.map(Number) : [], message: note },
      {
        onSuccess: (sent) => {
          showSuccess(sent.queued ? queuedMessage : M.absenceSent);
          if (!sent.queued) askForPush();
          reset();
        },
        onError: showFailure,
      },
    );
  };

  const symptoms = diseases.data?.filter((d) => d.type === 'symptom') ?? [];
  const named = diseases.data?.filter((d) => d.type === 'disease') ?? [];

  return (
    <Stack gap="md" component="section" aria-label="欠席の内容">
      <Stack gap={6}>
        <Text fw={500} size="sm">
          欠席日
        </Text>
        <Text data-qa="absence-first-date">{monthDayLabel(firstDate)}</Text>
        {extra.map((d, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <div style={{ flex: 1 }}>
              <DayInput
                label={`欠席日${i + 2}`}
                value={d}
                min={addDays(firstDate, 1)}
                max={limit}
                onChange={(v) => setExtra((list) => list.map((x, j) => (j === i ? v : x)))}
              />
            </div>
            <ActionIcon
              variant="light"
              color="red"
              size="lg"
              aria-label={`欠席日${i + 2}を削除`}
              onClick={() => setExtra((list) => list.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          disabled={!canAdd}
          onClick={() => setExtra((list) => [...list, addDays(last, 1)])}
          style={{ alignSelf: 'flex-start' }}
        >
          日付を追加
        </Button>
        <Text size="xs" c="dimmed">
          {monthDayLabel(limit)}まで選択できます
        </Text>
      </Stack>

      <Radio.Group
        label="欠席理由"
        value={type}
        onChange={(v) => {
          setType(v);
          setErrors([]);
        }}
      >
        <Group gap="md" mt={4}>
          <Radio value={String(absenceTypes.sick)} label="病気" />
          <Radio value={String(absenceTypes.personal)} label="私用" />
        </Group>
      </Radio.Group>

      {sick && (
        <Checkbox.Group
          label="症状・病名"
          value={picked}
          onChange={(v) => {
            setPicked(v);
            setErrors([]);
          }}
        >
          <Stack gap="xs" mt={6}>
            <Text size="xs" fw={700} c="dimmed">
              症状
            </Text>
            <Group gap="sm">
              {symptoms.map((d) => (
                <Checkbox key={d.id} value={String(d.id)} label={d.name} />
              ))}
            </Group>
            <Text size="xs" fw={700} c="dimmed">
              病名
            </Text>
            <Group gap="sm">
              {named.map((d) => (
                <Checkbox key={d.id} value={String(d.id)} label={d.name} />
              ))}
            </Group>
          </Stack>
        </Checkbox.Group>
      )}

      <CounterTextarea label="備考" value={note} max={limits.absenceNote} onChange={(e) => setNote(e.currentTarget.value)} />

      {errors.length > 0 && (
        <Alert color="red" role="alert" data-qa="absence-errors">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {errors.join('\n')}
          </Text>
        </Alert>
      )}
      <Button fullWidth onClick={submit} disabled={send.isPending} loading={send.isPending}>
        送信する
      </Button>
    </Stack>
  );
}
