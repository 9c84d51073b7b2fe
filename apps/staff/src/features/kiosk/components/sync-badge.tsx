import { Badge, Group, Text } from '@mantine/core';

/** 「未同期 N件」: the scans kept on the device that the server has not answered for yet. */
export function SyncBadge({ pending, online, sending }: { pending: number; online: boolean; sending: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {!online && (
        <Badge size="xl" color="dark" variant="filled" radius="sm">
          オフライン
        </Badge>
      )}
      <Badge
        size="xl"
        radius="sm"
        variant="filled"
        color={pending > 0 ? 'red.9' : 'teal.9'}
        data-testid="unsynced"
        role="status"
        aria-live="polite"
      >
        未同期 {pending}件
      </Badge>
      {sending && pending > 0 && (
        <Text size="sm" aria-hidden>
          送信中…
        </Text>
      )}
    </Group>
  );
}
