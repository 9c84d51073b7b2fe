import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title';

/** A signed-in screen: its title in the document title and as the one h1. */
export function Page({ title, children, hideHeading }: { title: string; children?: ReactNode; hideHeading?: boolean }) {
  usePageTitle(title);
  return (
    <Container size="sm" px="md" py="md">
      <Stack gap="md">
        <Title order={1} size="h3" className={hideHeading ? 'visually-hidden' : undefined}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}
