import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { billingItemTexts as T, yenLabel, type GuardianBillingItem } from '@renraku/contract/client';
import { yearMonthLabel } from '@renraku/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { billingItemsQueryOptions } from '../api';
import { ChildConsent } from '../components/child-consent';

const period = (i: GuardianBillingItem) =>
  i.frequency === 'once'
    ? `${yearMonthLabel(i.month_from)}（${T.frequency.once}）`
    : `${yearMonthLabel(i.month_from)}〜${i.month_until ? yearMonthLabel(i.month_until) : ''}（${T.frequency.monthly}）`;

/**
 * /billing/items: the facility's 実費 with the written explanation, and the guardian's consent per
 * child, its withdrawal from a month on (spec/billing.md §2; billing-item-consent.md,
 * billing-item-consent-withdrawal.md). Only consented items are billed.
 */
export function ItemsPage() {
  const { data, isPending, error } = useQuery(billingItemsQueryOptions());
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Page title={T.title}>
      <Text>{T.billedOnlyWhenConsented}</Text>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {isPending ? (
        <Loading />
      ) : error ? (
        <Text c="red.9">{error.message}</Text>
      ) : data.length === 0 ? (
        <Text c="dimmed">{T.empty}</Text>
      ) : (
        data.map((item) => (
          <Paper key={item.id} withBorder radius="md" p="md" component="section" aria-labelledby={`item-${item.id}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={2} size="h4" id={`item-${item.id}`}>
                  {item.name}
                </Title>
                <Text fw={700}>{yenLabel(item.amount)}</Text>
              </Group>
              <Text size="sm">
                {item.facility_name}・{period(item)}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{item.explanation}</Text>
              {item.children.map((child) => (
                <Group key={child.id} justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600}>{child.name}さん</Text>
                  <ChildConsent item={item} child={child} onError={setFailure} />
                </Group>
              ))}
            </Stack>
          </Paper>
        ))
      )}
    </Page>
  );
}
