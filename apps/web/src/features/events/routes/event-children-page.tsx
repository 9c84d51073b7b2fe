import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { eventChildrenQueryOptions } from '../api';
import { ChildLinkList } from '../../../components/child-link-list';

/** /events/children: pick a child; activated links only (F §2 Events). */
export function EventChildrenPage() {
  const { data, isPending, error } = useQuery(eventChildrenQueryOptions());
  return (
    <Page title="行事予定">
      <Text>行事予定を閲覧するお子さまを選択してください</Text>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Text c="red.9">{error.message}</Text>
      ) : data.length === 0 ? (
        <Text c="dimmed">表示可能なお子さまがいません。</Text>
      ) : (
        <ChildLinkList items={data} to={(id) => `/events/children/${id}`} />
      )}
    </Page>
  );
}
