import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title';

/** An unknown path, or a facility or record that is not the caller's (never revealed: DESIGN §4). */
export function NotFound() {
  usePageTitle('ページが見つかりません');
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="md" align="center">
        <Title order={1} size="h2">
          ページが見つかりません
        </Title>
        <Text>お探しのページが見つかりませんでした。URLが間違っているか、閲覧する権限がない可能性があります。</Text>
        <Anchor component={Link} to="/">
          ホームへ戻る
        </Anchor>
      </Stack>
    </Container>
  );
}
