import { Alert, Badge, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { fiscalYearOf } from '@renraku/contract/dates';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '../../../lib/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { useNapClasses } from '../api';

/** `/f/:facilityId/naps`: the classes of this 年度, the caller's own first, each opening its nap grid. */
export function NapsClassesPage() {
  const facility = useFacility();
  const classes = useNapClasses(facility.id, fiscalYearOf(todayInTokyo()));
  if (facility.role === 'office') {
    return (
      <Page title="午睡チェック">
        <Alert color="gray">事務の方は午睡チェックを記録・閲覧できません。</Alert>
      </Page>
    );
  }
  if (!classes.data) return <Loading />;
  const mine = (id: number) => facility.class_ids.includes(id);
  const sorted = [...classes.data].sort((a, b) => Number(mine(b.id)) - Number(mine(a.id)));
  return (
    <Page title="午睡チェック">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {sorted.map((klass) => (
          <UnstyledButton
            key={klass.id}
            component={Link}
            to={facilityPath(facility.id, `naps/${klass.id}`)}
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
