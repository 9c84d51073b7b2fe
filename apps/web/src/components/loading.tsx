import { Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@renraku/contract/client/messages';

/** The loading state: "読み込み中..." (A §1). */
export function Loading() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {messages.loading}
        </Text>
      </Stack>
    </Center>
  );
}
