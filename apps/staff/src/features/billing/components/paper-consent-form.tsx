import { Alert, Button, Group, NativeSelect, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { BillingItem } from '@renraku/contract/staff';
import { addMonths, yearMonthLabel } from '@renraku/contract/dates';
import { useBillingChildren } from '../api';
import { usePaperConsent } from '../fees-api';

/**
 * 書面の同意・取り下げ (billing-item-consent-withdrawal.md): the 事務 records a paper form received
 * from a family, for a child the item targets; audited with who and when.
 */
export function PaperConsentForm({
  facilityId,
  month,
  items,
  onDone,
}: {
  facilityId: number;
  /** This month: the earliest a withdrawal is offered (the server refuses a closed month). */
  month: string;
  items: BillingItem[];
  onDone: (kind: 'consent' | 'withdrawal') => void;
}) {
  const children = useBillingChildren(facilityId, month);
  const [itemId, setItemId] = useState(items[0] ? String(items[0].id) : '');
  const [childId, setChildId] = useState('');
  const [signedBy, setSignedBy] = useState('');
  const [kind, setKind] = useState<'consent' | 'withdrawal'>('consent');
  const [withdrawFrom, setWithdrawFrom] = useState(addMonths(month, 1));
  const [failure, setFailure] = useState<string | null>(null);
  const write = usePaperConsent(facilityId);
  const childList = children.data?.children ?? [];
  const months = Array.from({ length: 13 }, (_, i) => addMonths(month, i));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!itemId || !childId) return setFailure('品目と園児を選んでください');
    write.mutate(
      {
        itemId: Number(itemId),
        childId: Number(childId),
        signedBy: signedBy ? Number(signedBy) : null,
        withdrawFrom: kind === 'withdrawal' ? withdrawFrom : null,
      },
      { onSuccess: () => onDone(kind), onError: (error) => setFailure(error.message) },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="書面の同意・取り下げの記録">
      <Stack gap="sm">
        <Text size="sm">保護者から紙の同意書・取り下げ届を受け取ったときに記録します（記録した職員と日時が残ります）。</Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="品目"
            size="md"
            value={itemId}
            onChange={(e) => setItemId(e.currentTarget.value)}
            data={items.map((i) => ({ value: String(i.id), label: i.name }))}
          />
          <NativeSelect
            label="園児"
            size="md"
            value={childId}
            onChange={(e) => {
              setChildId(e.currentTarget.value);
              setSignedBy('');
            }}
            data={[{ value: '', label: '選んでください' }, ...childList.map((c) => ({ value: String(c.id), label: c.name }))]}
          />
          <NativeSelect
            label="署名した保護者"
            size="md"
            value={signedBy}
            onChange={(e) => setSignedBy(e.currentTarget.value)}
            data={[
              { value: '', label: '記載なし・アプリ未登録の保護者' },
              ...(childList.find((c) => String(c.id) === childId)?.payers ?? []).map((p) => ({
                value: String(p.id),
                label: p.name,
              })),
            ]}
          />
        </SimpleGrid>
        <Radio.Group label="内容" value={kind} onChange={(v) => setKind(v as 'consent' | 'withdrawal')}>
          <Group mt={4}>
            <Radio value="consent" label="書面で同意" />
            <Radio value="withdrawal" label="取り下げ" />
          </Group>
        </Radio.Group>
        {kind === 'withdrawal' && (
          <NativeSelect
            label="取り下げる月（この月の分から請求しません）"
            size="md"
            value={withdrawFrom}
            onChange={(e) => setWithdrawFrom(e.currentTarget.value)}
            data={months.map((m) => ({ value: m, label: yearMonthLabel(m) }))}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={write.isPending}>
            記録する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
