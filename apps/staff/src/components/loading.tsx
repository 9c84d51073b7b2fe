import { Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@renraku/contract/client/messages';

/** The loading state: 「読み込み中...」. */
export function Loading() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text>{messages.loading}</Text>
      </Stack>
    </Center>
  );
}
