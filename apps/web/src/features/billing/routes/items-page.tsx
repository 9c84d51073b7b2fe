import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { billingItemTexts as T, yenLabel, type GuardianBillingItem } from '@renraku/contract/client';
import { slashDate, tokyoDate, yearMonthLabel } from '@renraku/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { billingItemsQueryOptions, useConsentToItem } from '../api';

const period = (i: GuardianBillingItem) =>
  i.frequency === 'once'
    ? `${yearMonthLabel(i.month_from)}（${T.frequency.once}）`
    : `${yearMonthLabel(i.month_from)}〜${i.month_until ? yearMonthLabel(i.month_until) : ''}（${T.frequency.monthly}）`;

/**
 * /billing/items: the facility's 実費 with the written explanation, and the guardian's consent per
 * child (spec/billing.md §2; billing-item-consent.md). Only consented items are billed.
 */
export function ItemsPage() {
  const { data, isPending, error } = useQuery(billingItemsQueryOptions());
  const consent = useConsentToItem();
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
                  {child.consent ? (
                    <Badge variant="light" color="teal" c="dark.9" size="lg">
                      {T.consented(child.consent.user_name, slashDate(tokyoDate(child.consent.consented_at)))}
                    </Badge>
                  ) : (
                    <Button
                      size="md"
                      loading={
                        consent.isPending && consent.variables?.itemId === item.id && consent.variables.childId === child.id
                      }
                      aria-label={`${item.name}（${child.name}さん）の${T.consent}`}
                      onClick={() => {
                        setFailure(null);
                        consent.mutate({ itemId: item.id, childId: child.id }, { onError: (e) => setFailure(e.message) });
                      }}
                    >
                      {T.consent}
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>
          </Paper>
        ))
      )}
    </Page>
  );
}
