import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

export interface HomeLink {
  label: string;
  description: string;
  to: string;
}

/** The screens of the facility as large tiles (touch-friendly on the class tablet). */
export function HomeLinks({ links }: { links: HomeLink[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {links.map((link) => (
        <UnstyledButton key={link.to} component={Link} to={link.to} style={{ display: 'block' }}>
          <Paper withBorder p="lg" radius="md" mih={96}>
            <Text fw={700} size="lg" c="brand.8">
              {link.label}
            </Text>
            <Text size="sm" c="dimmed">
              {link.description}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
