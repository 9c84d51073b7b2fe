import { Alert, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { weekdayLabels, scheduleTexts, type ScheduleDay } from '@renraku/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { monthDayWideLabel, weekdayIndexOf, yearMonthLabel } from '@renraku/contract/dates';
import { todayInTokyo } from '@renraku/ui/dates';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { ApiRequestError, errorText } from '@renraku/ui/api';
import { readLocal, writeLocal } from '../../../lib/storage';
import { childSchedulesQueryOptions, scheduleChildrenQueryOptions } from '../api';
import { BulkModal } from '../components/bulk-modal';

/** Local storage key of the weekday filter (F §3 "Local browser storage"). */
export const SELECTED_DAYS_KEY = 'selectedDays';
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

const dayColor = (index: number) => (index === 0 ? 'red.9' : index === 6 ? 'blue.8' : undefined);

function DayRow({ childId, day, linked }: { childId: number; day: ScheduleDay; linked: boolean }) {
  const index = weekdayIndexOf(day.date);
  const status = day.is_un_registered ? '未入力' : day.is_absent ? '欠席' : `${day.attendance_time}〜${day.leaving_time}`;
  const content = (
    <Group wrap="nowrap" gap="sm" align="flex-start">
      <Text w={72} fw={700} c={dayColor(index)}>
        {Number(day.date.slice(8, 10))}日（{weekdayLabels[index]}）
      </Text>
      <Stack gap={2} style={{ flex: 1 }}>
        <Text c={day.is_un_registered ? 'dimmed' : day.is_absent ? 'red.9' : undefined}>{status}</Text>
        {day.events.length > 0 && (
          <Group gap={4}>
            {day.events.map((e) => (
              <Text
                key={e.id}
                component="span"
                size="xs"
                c="teal.9"
                px={6}
                style={{ border: '1px solid var(--mantine-color-teal-7)', borderRadius: 4 }}
              >
                {e.name}
              </Text>
            ))}
          </Group>
        )}
      </Stack>
    </Group>
  );
  const to = day.nurture_schedule_id
    ? `/schedules/children/${childId}/edit/${day.nurture_schedule_id}`
    : `/schedules/children/${childId}/create/${day.date}`;
  return (
    <Paper withBorder radius="sm" component="li" data-date={day.date} bg={day.school_day ? undefined : 'gray.0'}>
      {linked ? (
        <UnstyledButton
          component={Link}
          to={to}
          p="xs"
          w="100%"
          style={{ display: 'block' }}
          aria-label={`${monthDayWideLabel(day.date)} ${status}`}
        >
          {content}
        </UnstyledButton>
      ) : (
        <div style={{ padding: 'var(--mantine-spacing-xs)' }}>{content}</div>
      )}
    </Paper>
  );
}

/** /schedules/children/{id}: the month's days with filter, month navigation and bulk registration (F §2 Schedules). */
export function ScheduleChildPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [search, setSearch] = useSearchParams();
  const month = search.get('month') === '0' ? 0 : 1;
  const [selected, setSelected] = useState<number[]>(() => {
    const stored = readLocal<unknown>(SELECTED_DAYS_KEY, ALL_DAYS);
    return Array.isArray(stored) ? stored.filter((d): d is number => ALL_DAYS.includes(d as number)) : ALL_DAYS;
  });
  const [bulkOpen, setBulkOpen] = useState(false);
  const children = useQuery({ ...scheduleChildrenQueryOptions(), enabled: valid });
  const query = useQuery({ ...childSchedulesQueryOptions(id, month), enabled: valid });
  const child = children.data?.find((c) => c.id === id);

  if (!valid || (query.error instanceof ApiRequestError && query.error.status === 404)) return <NotFound />;

  const toggle = (day: number) => {
    const next = selected.includes(day) ? selected.filter((d) => d !== day) : [...selected, day].sort();
    setSelected(next);
    writeLocal(SELECTED_DAYS_KEY, next);
  };
  const today = todayInTokyo();
  const data = query.data;
  const days = data ? Object.values(data.schedules).filter((d) => selected.includes(weekdayIndexOf(d.date))) : [];
  const open = (d: ScheduleDay) => !!data?.can_register && d.school_day && d.date >= today;
  const bulkDates = days.filter(open).map((d) => d.date);

  return (
    <Page title={scheduleTexts.title}>
      {child && <Text fw={700}>{child.first_name}</Text>}
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={month === 0}
          onClick={() => setSearch({ month: '0' }, { replace: true })}
        >
          ‹ 前月
        </Button>
        <Text fw={700} aria-live="polite">
          {data ? yearMonthLabel(data.month) : ''}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={month === 1}
          onClick={() => setSearch({ month: '1' }, { replace: true })}
        >
          翌月 ›
        </Button>
      </Group>
      <Group gap={4} justify="center" role="group" aria-label="表示する曜日">
        {weekdayLabels.map((label, i) => (
          <Button
            key={label}
            size="compact-sm"
            w={40}
            variant={selected.includes(i) ? 'filled' : 'default'}
            aria-pressed={selected.includes(i)}
            onClick={() => toggle(i)}
          >
            {label}
          </Button>
        ))}
      </Group>
      {query.isPending && valid ? (
        <Loading />
      ) : query.error ? (
        <Alert color="red">{errorText(query.error)}</Alert>
      ) : data ? (
        <>
          {data.window ? (
            <Text size="sm">
              登録受付：{monthDayWideLabel(data.window.scheduledFirstDay)}〜{monthDayWideLabel(data.window.scheduledLastDay)}
              <br />
              登録期限：{monthDayWideLabel(data.window.deadline)}まで{data.can_register ? '' : '（受付は終了しました）'}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              この月の登園予定の登録は受け付けていません。
            </Text>
          )}
          {!data.writable && (
            <Text size="sm" c="dimmed">
              閲覧のみの権限のため、登録・変更はできません。
            </Text>
          )}
          {data.can_register && (
            <Button onClick={() => setBulkOpen(true)} disabled={bulkDates.length === 0}>
              まとめて登録
            </Button>
          )}
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="日ごとの登園予定">
            {days.map((day) => (
              <DayRow key={day.date} childId={id} day={day} linked={data.writable && (open(day) || !!day.nurture_schedule_id)} />
            ))}
          </Stack>
          <BulkModal childId={id} dates={bulkDates} opened={bulkOpen} onClose={() => setBulkOpen(false)} />
        </>
      ) : null}
    </Page>
  );
}
