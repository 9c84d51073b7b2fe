import { Alert, Badge, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFacilityClasses } from '../lib/classes';
import { Link } from 'react-router';
import { fiscalYearOf } from '@renraku/contract/dates';
import { todayInTokyo } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../lib/facility';
import { useStaffMe } from '../lib/staff-session';
import { Loading } from '@renraku/ui/loading';
import { Page } from './page';

/**
 * A class's day work chooser (連絡帳記入, 写真, 身体測定, クラスボード, 午睡チェック): the classes of this 年度, the caller's own
 * first, each opening `{segment}/{classId}`. Office staff have no day work (staff.md §1). `actions` beside the title.
 */
export function ClassChooserPage({
  title,
  segment,
  officeText,
  office,
  actions,
}: {
  title: string;
  segment: string;
  officeText: string;
  /** What the office may still do here, under the notice. */
  office?: ReactNode;
  actions?: ReactNode;
}) {
  const facility = useFacility();
  const { data: me } = useStaffMe();
  const classes = useFacilityClasses(facility.id, fiscalYearOf(todayInTokyo()));
  // A class tablet works in its class alone (the server answers 404 for the others).
  const tabletClass = me?.device?.class_id ?? null;
  if (facility.role === 'office') {
    return (
      <Page title={title}>
        <Alert color="gray">{officeText}</Alert>
        {office}
      </Page>
    );
  }
  if (!classes.data) return <Loading />;
  const mine = (id: number) => facility.class_ids.includes(id);
  const shown = tabletClass === null ? classes.data : classes.data.filter((klass) => klass.id === tabletClass);
  const sorted = [...shown].sort((a, b) => Number(mine(b.id)) - Number(mine(a.id)));
  return (
    <Page title={title} actions={actions}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {sorted.map((klass) => (
          <UnstyledButton
            key={klass.id}
            component={Link}
            to={facilityPath(facility.id, `${segment}/${klass.id}`)}
            style={{ display: 'block' }}
          >
            <Paper withBorder p="lg" radius="md" mih={88}>
              <Text fw={700} size="lg" c="brand.8">
                {klass.name}
              </Text>
              <Text size="sm" c="dark.6">
                {klass.children_count}人
              </Text>
              {mine(klass.id) && (
                <Badge variant="light" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
                  担当
                </Badge>
              )}
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Page>
  );
}
