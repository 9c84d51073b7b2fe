import { Alert, Badge, Button, Group, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import {
  communicationMessages as M,
  limits,
  type FamilyInfoEntry,
  type ResponseOf,
  type getFamiliesInformation,
} from '@renraku/contract/client';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addDays, monthDayLabel } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';

import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { useConfirmContactBook, useFamilyInformation, useSaveContactBook } from '../api';
import { ChildPicker } from '../components/child-picker';
import { ContactSummary } from '../components/contact-summary';
import { confirmDiscard } from '../components/confirm-discard';
import { CounterTextarea } from '../components/counter-textarea';
import { StaffReply } from '../components/staff-reply';
import { formFromEntry, pendingForms, pendingKey, toPayload, type ContactForm } from '../components/contact-form';
import { TimeSelect } from '../components/time-select';

type Consts = Exclude<ResponseOf<typeof getFamiliesInformation>['const'], never[]>;

/** /communications/message: the day's contact book (F §2, §4). */
export function ContactBookPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? undefined;
  const info = useFamilyInformation(date);

  const go = (next: { child?: number; date?: string }) =>
    setParams(
      (p) => {
        if (next.child) p.set('child', String(next.child));
        if (next.date) p.set('date', next.date);
        return p;
      },
      { replace: true },
    );

  let body;
  // The form takes its start values once: wait for this visit's answer, not a cached one from
  // before the last save (a saved draft would otherwise show its old values).
  if (info.isPending || (!info.isFetchedAfterMount && !info.isError)) body = <Loading />;
  else if (info.isError) body = <Alert color="red">{M.familyInfoLoadFailed}</Alert>;
  else if (info.data.familyInfo.length === 0 || Array.isArray(info.data.const))
    body = <Alert color="gray">{M.noChildRegistered}</Alert>;
  else {
    const consts = info.data.const;
    const entries = info.data.familyInfo;
    const entry = entries.find((e) => e.childId === Number(params.get('child'))) ?? entries[0]!;
    body = (
      <ContactBookForm key={pendingKey(entry.childId, entry.contactOn)} entries={entries} entry={entry} consts={consts} go={go} />
    );
  }
  return <Page title="連絡帳">{body}</Page>;
}

interface FormProps {
  entries: FamilyInfoEntry[];
  entry: FamilyInfoEntry;
  consts: Consts;
  go: (next: { child?: number; date?: string }) => void;
}

function ContactBookForm({ entries, entry, consts, go }: FormProps) {
  const navigate = useNavigate();
  const key = pendingKey(entry.childId, entry.contactOn);
  const [baseline, setBaseline] = useState(() => formFromEntry(entry));
  // Input typed earlier on this device and not yet saved comes back (never over a sent entry).
  const [form, setForm] = useState<ContactForm>(() => (entry.isSent ? baseline : (pendingForms.get(key) ?? baseline)));
  const save = useSaveContactBook();
  const check = useConfirmContactBook();
  const dirty = JSON.stringify(form) !== JSON.stringify(baseline);
  const set = <K extends keyof ContactForm>(field: K, value: ContactForm[K]) => setForm((f) => ({ ...f, [field]: value }));
  const today = consts.today;
  const tomorrow = addDays(today, 1);
  const busy = save.isPending || check.isPending;

  // Kept on the device as it is typed.
  useEffect(() => {
    if (entry.isSent) pendingForms.delete(key);
    else if (dirty) pendingForms.set(key, form);
  }, [entry.isSent, dirty, key, form]);

  const leave = async (next: { child?: number; date?: string }) => {
    if (dirty && !(await confirmDiscard())) return;
    pendingForms.delete(key);
    go(next);
  };

  const saveDraft = () =>
    save.mutate(toPayload(form, entry, today, false), {
      onSuccess: () => {
        pendingForms.delete(key);
        setBaseline(form);
        showSuccess(M.draftSaved);
      },
      onError: showFailure,
    });

  const toConfirm = () => {
    const payload = toPayload(form, entry, today, true);
    check.mutate(payload, {
      onSuccess: () => {
        pendingForms.set(key, form);
        navigate(`/communications/message/confirm?child=${entry.childId}&date=${entry.contactOn}`, {
          state: { payload, childName: entry.childName, canShowPool: entry.canShowPool },
        });
      },
      onError: showFailure,
    });
  };

  return (
    <Stack gap="md">
      <ChildPicker
        list={entries.map((e) => ({
          childId: e.childId,
          name: e.childName,
          facilityName: e.facility_name,
          writable: e.writable,
        }))}
        value={entry.childId}
        onChange={(child) => void leave({ child })}
      />

      <Group justify="space-between" wrap="nowrap" data-qa="day-nav">
        <Button variant="subtle" onClick={() => void leave({ date: addDays(entry.contactOn, -1) })} aria-label="前日">
          ‹ 前日
        </Button>
        <Text fw={700} data-qa="contact-day" aria-live="polite">
          {monthDayLabel(entry.contactOn)}
        </Text>
        <Button
          variant="subtle"
          disabled={entry.contactOn >= tomorrow}
          onClick={() => void leave({ date: addDays(entry.contactOn, 1) })}
          aria-label="翌日"
        >
          翌日 ›
        </Button>
      </Group>

      {entry.isSent && (
        <Group gap="xs">
          <Badge color="teal.9" variant="filled">
            送信済み
          </Badge>
          {entry.confirmed_at && (
            <Badge color="teal.9" variant="outline" data-qa="facility-confirmed">
              施設確認済
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            送信済みの連絡帳は変更できません
          </Text>
        </Group>
      )}
      {!entry.writable && <Alert color="gray">{M.readOnly}</Alert>}
      {entry.contactOn === tomorrow && entry.editable && (
        <Alert color="blue" data-qa="next-day-note">
          {M.nextDayNote}
        </Alert>
      )}
      {!entry.isSent && entry.contactOn < today && <Alert color="gray">この日の連絡帳は送信されていません</Alert>}

      {entry.editable ? (
        <>
          <Group grow align="flex-start">
            <TimeSelect
              label="就寝時刻"
              qa="sleep"
              value={form.sleepTime}
              onChange={(v) => set('sleepTime', v)}
              focusHour={consts.defaultFocusHours.sleep ?? '21'}
            />
            <TimeSelect
              label="起床時刻"
              qa="wake"
              value={form.wakeTime}
              onChange={(v) => set('wakeTime', v)}
              focusHour={consts.defaultFocusHours.wake ?? '07'}
            />
          </Group>
          <Group grow align="flex-start">
            <NativeSelect
              label="体温"
              value={form.bodyTemperature}
              onChange={(e) => set('bodyTemperature', e.currentTarget.value)}
              data={[{ value: '', label: '未選択' }, ...consts.temperatures.map((t) => ({ value: t, label: `${t}℃` }))]}
            />
            <TimeSelect
              label="検温時刻"
              qa="thermometry"
              value={form.thermometryTime}
              onChange={(v) => set('thermometryTime', v)}
              focusHour={consts.defaultFocusHours.thermometry ?? '07'}
            />
          </Group>
          <Group grow align="flex-start">
            <NativeSelect
              label="排便"
              value={form.defecationName}
              onChange={(e) => set('defecationName', e.currentTarget.value)}
              data={[{ value: '', label: '未選択' }, ...consts.defecations.map((d) => ({ value: d.name, label: d.name }))]}
            />
            <TimeSelect
              label="排便時刻"
              qa="defecation"
              value={form.defecationTime}
              onChange={(v) => set('defecationTime', v)}
              focusHour={consts.defaultFocusHours.defecation ?? '07'}
            />
          </Group>
          <CounterTextarea
            label="前日の夕食"
            value={form.dinner}
            max={limits.contactBookText}
            onChange={(e) => set('dinner', e.currentTarget.value)}
          />
          <CounterTextarea
            label="朝食"
            value={form.breakfast}
            max={limits.contactBookText}
            onChange={(e) => set('breakfast', e.currentTarget.value)}
          />
          <CounterTextarea
            label="連絡事項"
            value={form.message}
            max={limits.contactBookText}
            onChange={(e) => set('message', e.currentTarget.value)}
          />
          {entry.canShowPool && (
            <Radio.Group
              label="プール"
              value={form.isParticipate === null ? '' : String(form.isParticipate)}
              onChange={(v) => set('isParticipate', v === '' ? null : v === 'true')}
            >
              <Group gap="md" mt={4}>
                <Radio value="true" label="参加する" />
                <Radio value="false" label="参加しない" />
                <Radio value="" label="未定" />
              </Group>
            </Radio.Group>
          )}
        </>
      ) : (
        (entry.exists || entry.contactOn >= today) && (
          <ContactSummary childName={entry.childName} contactOn={entry.contactOn} values={form} canShowPool={entry.canShowPool} />
        )
      )}

      {entry.isSent && entry.staff_reply && <StaffReply reply={entry.staff_reply} />}

      {entry.isSent ? (
        <Button disabled fullWidth>
          送信済み
        </Button>
      ) : entry.editable ? (
        <Stack gap="xs">
          <Button fullWidth onClick={toConfirm} disabled={!entry.sendable || busy} loading={check.isPending}>
            確認する
          </Button>
          <Button fullWidth variant="light" onClick={saveDraft} disabled={busy} loading={save.isPending}>
            一時保存
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
