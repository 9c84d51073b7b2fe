import { Badge, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { billingItemTexts, billingTexts, statementStatusLabels, yenLabel } from '@renraku/contract/client';
import { slashDate } from '@renraku/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { billingStatementsQueryOptions } from '../api';

const monthLabel = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月分`;

/** /billing: the family's issued statements, newest month first (main and writable guardians only). */
export function StatementsPage() {
  const { data, isPending, error } = useQuery(billingStatementsQueryOptions());
  return (
    <Page title={billingTexts.title}>
      <Paper withBorder radius="md">
        <NavLink component={Link} to="/billing/account" label="口座振替の口座" description="引き落とし口座の登録・変更" />
        <NavLink
          component={Link}
          to="/billing/items"
          label={billingItemTexts.title}
          description="教材費・行事費などの説明と同意"
        />
      </Paper>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Text c="red.9">{error.message}</Text>
      ) : data.length === 0 ? (
        <Text c="dimmed">{billingTexts.empty}</Text>
      ) : (
        <Paper withBorder radius="md">
          {data.map((s) => (
            <NavLink
              key={s.id}
              component={Link}
              to={`/billing/${s.id}`}
              data-testid="statement-link"
              label={
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={600}>
                      {monthLabel(s.month)}（{s.facility_name}）
                    </Text>
                    <Text size="sm">
                      {billingTexts.dueDate} {slashDate(s.due_date)}
                    </Text>
                  </Stack>
                  <Stack gap={2} align="flex-end">
                    <Text fw={700}>{yenLabel(s.total)}</Text>
                    <Badge
                      variant="light"
                      color={s.status === 'paid' ? 'teal' : s.status === 'failed' ? 'red' : 'blue'}
                      c="dark.9"
                    >
                      {statementStatusLabels[s.status]}
                    </Badge>
                  </Stack>
                </Group>
              }
            />
          ))}
        </Paper>
      )}
    </Page>
  );
}
