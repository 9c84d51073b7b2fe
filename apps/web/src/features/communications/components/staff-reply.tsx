import { Card, Stack, Text, Title } from '@mantine/core';
import type { FamilyInfoEntry } from '@renraku/contract/client';
import { slashDateTimeLabel } from '@renraku/contract/dates';

/** The facility's short reply under a sent contact book (staff.md §4 inbox). */
export function StaffReply({ reply }: { reply: NonNullable<FamilyInfoEntry['staff_reply']> }) {
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="staff-reply-heading" data-qa="staff-reply">
      <Stack gap={4}>
        <Title order={2} size="h5" id="staff-reply-heading">
          園からの返信
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {reply.text}
        </Text>
        <Text size="xs" c="dimmed">
          {reply.staff_name ? `${reply.staff_name} ` : ''}
          {slashDateTimeLabel(reply.replied_at)}
        </Text>
      </Stack>
    </Card>
  );
}
