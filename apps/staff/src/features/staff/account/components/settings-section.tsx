import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One block of the settings screen: a heading, its state, its content. */
export function SettingsSection({ title, status, children }: { title: string; status?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Group gap="sm">
          <Title order={2} size="h3">
            {title}
          </Title>
          {status}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
