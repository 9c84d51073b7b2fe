import { Text } from '@mantine/core';
import { Page } from './page';

/** A screen of an area that a later issue builds; it keeps the route table whole meanwhile. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Text c="dimmed">この画面は現在準備中です。公開まで今しばらくお待ちください。</Text>
    </Page>
  );
}
