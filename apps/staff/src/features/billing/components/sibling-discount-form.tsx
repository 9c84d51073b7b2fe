import { Alert, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  discountableKindLabels,
  discountableKinds,
  siblingDiscountInput,
  type DiscountableKind,
  type SiblingDiscount,
} from '@renraku/contract/staff';
import { FormActions } from '../../../components/form-actions';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useSaveSiblingDiscount } from '../fees-api';
import { MonthInput } from './fields';

type Tier = { kind: 'percent' | 'amount'; value: number | string };
const kindOptions = [
  { value: 'percent', label: '割合（％）' },
  { value: 'amount', label: '金額（円）' },
];

/**
 * 兄弟姉妹割引 from a month on (billing-sibling-discount.md): which fees it reduces, 第2子 and 第3子以降
 * (a blank value: no discount for that order), and whether declared older siblings outside count.
 */
export function SiblingDiscountForm({
  facilityId,
  latest,
  month,
  onDone,
}: {
  facilityId: number;
  latest: SiblingDiscount | null;
  month: string;
  onDone: () => void;
}) {
  const tierOf = (order: number): Tier => {
    const t = latest?.tiers.find((x) => x.from_order === order);
    return t ? { kind: t.kind, value: t.value } : { kind: 'percent', value: '' };
  };
  const [f, setF] = useState({
    valid_from: month,
    applies_to: (latest?.applies_to ?? ['childcare_fee', 'extension']) as DiscountableKind[],
    count_declared_older: latest?.count_declared_older ?? false,
    second: tierOf(2),
    third: tierOf(3),
  });
  const { errors, failure, check, fail } = useCheckedForm(['valid_from', 'applies_to', 'count_declared_older', 'tiers']);
  const save = useSaveSiblingDiscount(facilityId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tiers = (
      [
        [2, f.second],
        [3, f.third],
      ] as const
    )
      .filter(([, t]) => t.value !== '')
      .map(([from_order, t]) => ({ from_order, kind: t.kind, value: typeof t.value === 'number' ? t.value : Number.NaN }));
    const body = { valid_from: f.valid_from, applies_to: f.applies_to, count_declared_older: f.count_declared_older, tiers };
    const data = check(siblingDiscountInput, body);
    // mutateAsync, not mutate's callbacks: the saved rule's new id re-keys this form, and a
    // re-keyed form's mutate callbacks never run (the 保存しました toast went missing).
    if (data) save.mutateAsync(data).then(onDone, fail);
  };
  const tierFields = (key: 'second' | 'third', label: string) => (
    <Group grow align="flex-start">
      <Select
        label={`${label}の割引`}
        size="md"
        data={kindOptions}
        value={f[key].kind}
        onChange={(v) => v && setF({ ...f, [key]: { ...f[key], kind: v as Tier['kind'] } })}
        allowDeselect={false}
      />
      <NumberInput
        label={`${label}の${f[key].kind === 'percent' ? '割合（％）' : '金額（円）'}`}
        size="md"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={f[key].value}
        onChange={(v) => setF({ ...f, [key]: { ...f[key], value: v } })}
        description="空欄は割引なし"
      />
    </Group>
  );
  return (
    <form onSubmit={submit} noValidate aria-label="兄弟姉妹割引の設定" style={readableErrors}>
      <Stack gap="sm">
        <FormError error={failure} />
        {errors.tiers && (
          <Alert color="red" role="alert">
            {errors.tiers}
          </Alert>
        )}
        <MonthInput
          value={f.valid_from}
          onChange={(valid_from) => setF({ ...f, valid_from })}
          error={errors.valid_from}
          maw={240}
        />
        <Checkbox.Group
          label="割引の対象にする料金"
          value={f.applies_to}
          onChange={(v) => setF({ ...f, applies_to: v as DiscountableKind[] })}
          error={errors.applies_to}
        >
          <Group mt="xs">
            {discountableKinds.map((k) => (
              <Checkbox key={k} value={k} label={discountableKindLabels[k]} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {tierFields('second', '第2子')}
          {tierFields('third', '第3子以降')}
        </SimpleGrid>
        <Checkbox
          label="園の外にいる兄姉（園児の請求情報で届け出た人数）も数える"
          checked={f.count_declared_older}
          onChange={(e) => setF({ ...f, count_declared_older: e.currentTarget.checked })}
        />
        <FormActions submit="兄弟姉妹割引を保存" pending={save.isPending} size="md" />
      </Stack>
    </form>
  );
}
