import { Avatar, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ViewableChild } from '@renraku/contract/client';
import { Link } from 'react-router';

/** The activated children as links (photo, first name, kana), shared by events, schedules and growths. */
export function ChildLinkList({ items, to }: { items: ViewableChild[]; to: (id: number) => string }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((child) => (
        <li key={child.id}>
          <Paper withBorder radius="md">
            <UnstyledButton component={Link} to={to(child.id)} p="sm" w="100%" style={{ display: 'block' }}>
              <Group wrap="nowrap">
                <Avatar src={child.image_url} alt="" radius="xl" size={48} color="brand">
                  {child.first_name.slice(0, 1)}
                </Avatar>
                <div>
                  <Text fw={700}>{child.first_name}</Text>
                  <Text size="sm" c="dimmed">
                    {child.first_name_kana}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
