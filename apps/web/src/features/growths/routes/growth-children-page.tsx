import { Text } from '@mantine/core';
import { growthTexts } from '@renraku/contract/client';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { ChildLinkList } from '../../../components/child-link-list';
import { growthChildrenQueryOptions } from '../api';

/** /growths/children: pick a child (F §2 Growths). */
export function GrowthChildrenPage() {
  const { data, isPending, error } = useQuery(growthChildrenQueryOptions());
  return (
    <Page title={growthTexts.title}>
      <Text>{growthTexts.prompt}</Text>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Text c="red.9">{error.message}</Text>
      ) : data.length === 0 ? (
        <Text c="dimmed">表示可能なお子さまがいません。</Text>
      ) : (
        <ChildLinkList items={data} to={(id) => `/growths/children/${id}`} />
      )}
    </Page>
  );
}
