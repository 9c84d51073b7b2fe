import { Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title';

/** A screen: its title in the document title and as the one h1, actions beside it. */
export function Page({
  title,
  actions,
  size = 'lg',
  children,
}: {
  title: string;
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size={size} px="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1} size="h2">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
