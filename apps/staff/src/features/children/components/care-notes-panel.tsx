import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StaffChild } from '@renraku/contract/staff';

function Note({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={4}>
      <Text fw={700}>{label}</Text>
      {text ? (
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid={`child-${label}`}>
          {text}
        </Text>
      ) : (
        <Text c="dimmed">登録されていません</Text>
      )}
    </Stack>
  );
}

/** Allergies and care notes, set apart from the rest of the record: what every adult must know. */
export function CareNotesPanel({ child }: { child: StaffChild }) {
  const any = child.allergies !== '' || child.care_notes !== '';
  return (
    <Paper
      component="section"
      aria-labelledby="care-notes-title"
      withBorder
      p="md"
      bg={any ? 'red.0' : undefined}
      style={{ borderColor: any ? 'var(--mantine-color-red-7)' : undefined, borderWidth: any ? 2 : undefined }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="care-notes-title" c={any ? 'red.9' : undefined}>
          {any ? '⚠ ' : ''}アレルギー・配慮事項
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Note label="アレルギー" text={child.allergies} />
          <Note label="配慮事項" text={child.care_notes} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
