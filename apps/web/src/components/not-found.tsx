import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title';

/** Shown for any unknown path (A §2, F §2). */
export function NotFound() {
  usePageTitle('ページが見つかりません');
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="md" align="center">
        <Title order={1} size="h3">
          404
        </Title>
        <Text>お探しのページが見つかりませんでした。</Text>
        <Text size="sm" c="dimmed">
          URLが間違っているか、ページが移動または削除された可能性があります。
        </Text>
        <Anchor component={Link} to="/main">
          ホームへ戻る
        </Anchor>
      </Stack>
    </Container>
  );
}
