import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/page-title';

/** A lazy screen whose file did not load (a new build replaced it, or the network failed). */
const chunkFailure = /dynamically imported module|Importing a module script failed|Unable to preload/i;

/**
 * The route table's error boundary (app/router.tsx): a screen that threw while loading or rendering
 * shows this, in Japanese, with a reload and the way home, instead of a blank app.
 */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('エラー');
  // The boundary swallows the error: keep it visible to whoever opens the console.
  useEffect(() => console.error(error), [error]);
  const chunk = error instanceof Error && chunkFailure.test(error.message);
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="md" align="center" ta="center">
        <Title order={1} size="h2">
          エラーが発生しました
        </Title>
        <Text>
          {chunk
            ? '画面を読み込めませんでした。アプリが更新されたか、通信が不安定な可能性があります。再読み込みしてください。'
            : '画面を表示できませんでした。再読み込みするか、しばらくしてからもう一度お試しください。'}
        </Text>
        <Button onClick={() => window.location.reload()}>再読み込み</Button>
        <Anchor component={Link} to="/" reloadDocument>
          ホームへ戻る
        </Anchor>
      </Stack>
    </Container>
  );
}
