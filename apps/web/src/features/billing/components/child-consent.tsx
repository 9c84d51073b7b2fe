import { Badge, Button, Group, NativeSelect, Stack } from '@mantine/core';
import { billingItemTexts as T, type GuardianBillingItem } from '@renraku/contract/client';
import { addMonths, slashDate, tokyoDate, yearMonthLabel } from '@renraku/contract/dates';
import { useState } from 'react';
import { useConsentToItem, useWithdrawFromItem } from '../api';

type Child = GuardianBillingItem['children'][number];

/** The months a withdrawal may name: the item's month for a once item, else up to its end (a year at most). */
export function withdrawalMonths(item: GuardianBillingItem): string[] {
  const from = item.withdrawable_from;
  if (from === null) return [];
  if (item.frequency === 'once') return [item.month_from];
  const months: string[] = [];
  for (let m = from; months.length < 12 && (item.month_until === null || m <= item.month_until); m = addMonths(m, 1))
    months.push(m);
  return months;
}

/**
 * One child's consent to a 実費 item (billing-item-consent-withdrawal.md): 同意 when none stands; a
 * standing consent can be withdrawn from next month on; a withdrawn one can be given again.
 */
export function ChildConsent({
  item,
  child,
  onError,
}: {
  item: GuardianBillingItem;
  child: Child;
  onError: (message: string | null) => void;
}) {
  const consent = useConsentToItem();
  const withdraw = useWithdrawFromItem();
  const [open, setOpen] = useState(false);
  const months = withdrawalMonths(item);
  const [month, setMonth] = useState(months[0] ?? '');
  const c = child.consent;
  const label = `${item.name}（${child.name}さん）`;
  const give = (
    <Button
      size="md"
      loading={consent.isPending}
      aria-label={`${label}の${c ? T.reconsent : T.consent}`}
      onClick={() => {
        onError(null);
        consent.mutate({ itemId: item.id, childId: child.id }, { onError: (e) => onError(e.message) });
      }}
    >
      {c ? T.reconsent : T.consent}
    </Button>
  );
  if (!c) return give;
  const at = slashDate(tokyoDate(c.consented_at));
  if (c.withdrawal)
    return (
      <Stack gap={4} align="flex-end">
        <Badge variant="light" color="gray" c="dark.9" size="lg">
          {T.withdrawn(yearMonthLabel(c.withdrawal.month_from), slashDate(tokyoDate(c.withdrawal.at)))}
        </Badge>
        {give}
      </Stack>
    );
  return (
    <Stack gap={4} align="flex-end">
      <Badge variant="light" color="teal" c="dark.9" size="lg">
        {c.via === 'paper' ? T.consentedOnPaper(at) : T.consented(c.user_name ?? '', at)}
      </Badge>
      {months.length === 0 ? null : !open ? (
        <Button variant="default" onClick={() => setOpen(true)} aria-label={`${label}の${T.withdraw}`}>
          {T.withdraw}
        </Button>
      ) : (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NativeSelect
            label={T.withdrawMonth}
            description={T.withdrawNote}
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
            data={months.map((m) => ({ value: m, label: yearMonthLabel(m) }))}
          />
          <Button
            color="red.9"
            loading={withdraw.isPending}
            aria-label={`${label}を${yearMonthLabel(month)}分から${T.withdrawSubmit}`}
            onClick={() => {
              onError(null);
              withdraw.mutate(
                { itemId: item.id, childId: child.id, month },
                { onSuccess: () => setOpen(false), onError: (e) => onError(e.message) },
              );
            }}
          >
            {T.withdrawSubmit}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
