import { Alert, Group, Text, TextInput } from '@mantine/core';
import { Fragment, type ComponentType, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { fullDateLabel } from '@renraku/contract/dates';
import { idFrom } from '@renraku/ui';
import { statusOf } from '@renraku/ui/api';
import { todayInTokyo } from '@renraku/ui/dates';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from './not-found';
import { Page } from './page';

/** What a class's page of one day is given: the class, the day asked (`?date=`, today by default) and how to ask another. */
export type ClassDateProps = { classId: number; date: string; today: string; onDate: (date: string) => void };

/**
 * A route `…/:classId?date=` of a class's day (連絡帳記入, 写真, 身体測定): an unknown class id is not
 * found; the page is mounted anew per class and day, so what it holds (drafts, edits) belongs to one
 * class's day. Another date is written into the address (none for today).
 */
export function ClassDateRoute({ page: ClassDatePage }: { page: ComponentType<ClassDateProps> }) {
  const classId = idFrom(useParams().classId);
  const [search, setSearch] = useSearchParams();
  const today = todayInTokyo();
  const date = search.get('date') ?? today;
  if (!classId) return <NotFound />;
  return (
    <Fragment key={`${classId}:${date}`}>
      <ClassDatePage classId={classId} date={date} today={today} onDate={(d) => setSearch(d === today ? {} : { date: d })} />
    </Fragment>
  );
}

/**
 * What a class's day page shows while its data is not there: loading, or why not: a class that is not
 * the caller's is not found (never revealed), a 403 says the class's `subject` may not be seen.
 */
export function ClassDateFallback({ error, title, subject }: { error: unknown; title: string; subject: string }) {
  if (!error) return <Loading />;
  const status = statusOf(error);
  if (status === 404) return <NotFound />;
  return (
    <Page title={title}>
      <Alert color="red">{status === 403 ? `このクラスの${subject}は閲覧できません。` : '読み込めませんでした。'}</Alert>
    </Page>
  );
}

/** The day's date input (no later than today) and the day written out; `children` beside them. */
export function ClassDateInput({
  date,
  today,
  onDate,
  label = '日付',
  children,
}: Omit<ClassDateProps, 'classId'> & { label?: string; children?: ReactNode }) {
  return (
    <Group gap="sm">
      <TextInput
        type="date"
        aria-label={label}
        value={date}
        max={today}
        onChange={(e) => e.currentTarget.value && onDate(e.currentTarget.value)}
      />
      <Text>{fullDateLabel(date)}</Text>
      {children}
    </Group>
  );
}
