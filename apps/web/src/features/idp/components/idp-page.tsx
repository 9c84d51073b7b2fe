import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';

/** A screen of the ID service: its name above the title, narrow like the login page. */
export function IdpPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const { id_service_name } = useOperator();
  return (
    <Container size={420} px="md" py="xl">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {id_service_name}
          </Text>
          <Title order={1} size="h3">
            {title}
          </Title>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
