import { Badge, Button, Group, ScrollArea, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { normalizeKana } from '../lib/kana';
import type { ChildDay } from '../lib/day';
import type { RosterChild } from '../lib/types';

const ALL = '__all';

function dayLabel(day: ChildDay): string {
  if (day.pickedUpAt) return `降園 ${day.pickedUpAt}`;
  if (day.arrivedAt) return `登園 ${day.arrivedAt}`;
  return '未登園';
}

/** The fallback to the camera: the day's children by class (tabs) or by kana, one touch each. */
export function ChildPicker({
  children,
  dayOf,
  onPick,
}: {
  children: RosterChild[];
  dayOf: (child: RosterChild) => ChildDay;
  onPick: (child: RosterChild) => void;
}) {
  const [tab, setTab] = useState<string>(ALL);
  const [query, setQuery] = useState('');
  // A child without a class comes with an empty class name: a tab needs a non-empty value.
  const classes = useMemo(() => [...new Set(children.map((c) => c.class_name || 'クラスなし'))], [children]);
  const needle = normalizeKana(query);
  const shown = children.filter(
    (c) =>
      (tab === ALL || (c.class_name || 'クラスなし') === tab) &&
      (!needle || normalizeKana(c.kana).includes(needle) || normalizeKana(c.name).includes(needle)),
  );

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" align="end" wrap="nowrap">
        <Text fw={700} size="lg" component="h2">
          名前で記録
        </Text>
        <TextInput
          label="ふりがなで検索"
          placeholder="例：やまだ"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          size="md"
          w={240}
        />
      </Group>
      <Tabs value={tab} onChange={(v) => setTab(v ?? ALL)} variant="pills">
        <Tabs.List>
          <Tabs.Tab value={ALL} style={{ minHeight: 44 }}>
            すべて
          </Tabs.Tab>
          {classes.map((name) => (
            <Tabs.Tab key={name} value={name} style={{ minHeight: 44 }}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        {shown.length === 0 ? (
          <Text py="lg" ta="center">
            該当する園児はいません
          </Text>
        ) : (
          <SimpleGrid cols={3} spacing="xs" data-testid="kiosk-children">
            {shown.map((child) => {
              const day = dayOf(child);
              return (
                <Button
                  key={child.note_child_id}
                  variant="default"
                  h={72}
                  onClick={() => onPick(child)}
                  styles={{
                    inner: { justifyContent: 'flex-start' },
                    label: { flexDirection: 'column', alignItems: 'flex-start' },
                  }}
                >
                  <Text fw={700} size="md" lh={1.3}>
                    {child.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" lh={1.3} c={day.arrivedAt && !day.pickedUpAt ? 'teal.9' : undefined}>
                      {dayLabel(day)}
                    </Text>
                    {child.temporary_care && (
                      <Badge color="grape.9" variant="filled" radius="sm" size="sm">
                        一時預かり
                      </Badge>
                    )}
                  </Group>
                </Button>
              );
            })}
          </SimpleGrid>
        )}
      </ScrollArea>
    </Stack>
  );
}
