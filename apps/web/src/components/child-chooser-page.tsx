import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ViewableChild } from '@renraku/contract/client';
import { Loading } from '@renraku/ui/loading';
import { ChildLinkList } from './child-link-list';
import { Page } from './page';

/** A page that asks which activated child to look at (events, growths): loading, the failure, none, or the children. */
export function ChildChooserPage({
  title,
  prompt,
  query,
  to,
}: {
  title: string;
  prompt: string;
  query: UseQueryResult<ViewableChild[]>;
  to: (id: number) => string;
}) {
  const { data, isPending, error } = query;
  return (
    <Page title={title}>
      <Text>{prompt}</Text>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Text c="red.9">{error.message}</Text>
      ) : data.length === 0 ? (
        <Text c="dimmed">表示可能なお子さまがいません。</Text>
      ) : (
        <ChildLinkList items={data} to={to} />
      )}
    </Page>
  );
}
