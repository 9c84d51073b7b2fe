import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A caution box whose text keeps 4.5:1 contrast (Mantine's light yellow Alert does not). */
export function Caution({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="yellow.0" style={{ borderColor: 'var(--mantine-color-yellow-5)' }}>
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          {`⚠ ${title}`}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
