import { Avatar, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { growthTexts, type GrowthRecord } from '@renraku/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { slashDate } from '@renraku/contract/dates';
import { showFailure } from '../../../components/alerts';
import { NotFound } from '../../../components/not-found';
import { ApiRequestError } from '@renraku/ui/api';
import { usePageTitle } from '../../../lib/page-title';
import { childGrowthsQueryOptions, growthChildrenQueryOptions } from '../api';
import { GrowthChart } from '../components/growth-chart';

const ageLabel = (months: number) => `${Math.floor(months / 12)}歳${months % 12}か月`;

function Measurements({ record }: { record: GrowthRecord }) {
  const rows: [string, number | null, string][] = [
    ['身長', record.height, 'cm'],
    ['体重', record.weight, 'kg'],
    ['頭囲', record.head, 'cm'],
    ['胸囲', record.chest, 'cm'],
  ];
  return (
    <Table variant="vertical" withRowBorders={false} verticalSpacing={2} layout="fixed">
      <Table.Tbody>
        {rows
          // 頭囲 and 胸囲 only when measured; 身長 and 体重 always (— when missing).
          .filter(([label, value]) => value !== null || label === '身長' || label === '体重')
          .map(([label, value, unit]) => (
            <Table.Tr key={label}>
              <Table.Th w={80} fw={400} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td>{value === null ? '—' : `${value} ${unit}`}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

/** /growths/children/{id}: one card per measurement, the chart on the newest (F §2 Growths, §9). */
export function GrowthChildPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const children = useQuery({ ...growthChildrenQueryOptions(), enabled: valid });
  const growths = useQuery({ ...childGrowthsQueryOptions(id), enabled: valid });
  const child = children.data?.find((c) => c.id === id);
  usePageTitle(child ? `${child.first_name}${growthTexts.headerSuffix}` : growthTexts.title);

  const missing = growths.error instanceof ApiRequestError && growths.error.status === 404;
  useEffect(() => {
    // F §8: a failure with a response shows its message; the screen then stays as it is.
    if (growths.error && !missing) showFailure(growths.error);
  }, [growths.error, missing]);

  if (!valid || (children.data && !child) || missing) return <NotFound />;

  const records = growths.data?.actual ?? [];
  return (
    <Container size="sm" px="md" py="md">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={child?.image_url} alt="" radius="xl" size={44} color="brand">
            {child?.first_name.slice(0, 1)}
          </Avatar>
          <Title order={1} size="h3">
            {child ? `${child.first_name}${growthTexts.headerSuffix}` : growthTexts.title}
          </Title>
        </Group>
        {/* Nothing is shown until the records have loaded (F §4); a failed load stays so. */}
        {growths.data &&
          (records.length === 0 ? (
            <Text>{growthTexts.empty}</Text>
          ) : (
            records.map((record, i) => (
              <Card
                key={record.id}
                withBorder
                radius="md"
                padding="md"
                component="section"
                aria-label={`測定日：${slashDate(record.date)}`}
              >
                <Stack gap="xs">
                  <Group justify="space-between" align="baseline">
                    <Text fw={700}>測定日：{slashDate(record.date)}</Text>
                    <Text size="sm" c="dimmed">
                      {ageLabel(record.age)}
                    </Text>
                  </Group>
                  <Measurements record={record} />
                  {i === 0 && <GrowthChart data={growths.data} />}
                </Stack>
              </Card>
            ))
          ))}
      </Stack>
    </Container>
  );
}
