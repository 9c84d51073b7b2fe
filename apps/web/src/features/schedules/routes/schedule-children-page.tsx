import { Text } from '@mantine/core';
import { scheduleTexts } from '@renraku/contract/client';
import { useQuery } from '@tanstack/react-query';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { ChildLinkList } from '../../../components/child-link-list';
import { scheduleChildrenQueryOptions } from '../api';

/** /schedules/children (F §2 Schedules): nothing while loading; not-found when no child; a failed load is ignored. */
export function ScheduleChildrenPage() {
  const { data, isPending, isError } = useQuery(scheduleChildrenQueryOptions());
  if (isPending || isError) return null;
  if (data.length === 0) return <NotFound />;
  return (
    <Page title={scheduleTexts.title}>
      <Text>{scheduleTexts.prompt}</Text>
      <ChildLinkList items={data} to={(id) => `/schedules/children/${id}`} />
    </Page>
  );
}
