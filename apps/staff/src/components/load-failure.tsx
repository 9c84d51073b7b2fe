import { Button, Container, Stack, Text } from '@mantine/core';

/** Who is signed in could not be asked (network, 5xx): say so and offer to try again. */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" role="alert">
        <Text>サーバーに接続できませんでした。通信環境を確認して、もう一度お試しください。</Text>
        <Button onClick={onRetry}>再試行</Button>
      </Stack>
    </Container>
  );
}
