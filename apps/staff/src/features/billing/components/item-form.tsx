import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { billingItemInput, itemFrequencyLabels, itemTargetLabels } from '@renraku/contract/staff';
import { FormActions } from '../../../components/form-actions';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useAddItem } from '../api';
import { MonthInput, YenInput } from './fields';

/** A 実費 item (教材費, 行事費, …) with the explanation guardians read on the statement. */
export function ItemForm({
  facilityId,
  month,
  classes,
  onDone,
}: {
  facilityId: number;
  month: string;
  classes: { id: number; name: string }[];
  onDone: () => void;
}) {
  const [f, setF] = useState({
    name: '',
    amount: '' as number | string,
    frequency: 'monthly' as 'once' | 'monthly',
    target: 'facility' as 'facility' | 'class',
    class_id: null as number | null,
    explanation: '',
    month_from: month,
  });
  const { errors, failure, check, fail } = useCheckedForm(Object.keys(f));
  const add = useAddItem(facilityId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = check(billingItemInput, { ...f, amount: typeof f.amount === 'number' ? f.amount : Number.NaN });
    if (data) add.mutate(data, { onSuccess: onDone, onError: fail });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="実費の追加" style={readableErrors}>
      <Stack gap="sm">
        <FormError error={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="品目名"
            size="md"
            value={f.name}
            onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
            error={errors.name}
            required
          />
          <YenInput label="金額" value={f.amount} onChange={(v) => setF({ ...f, amount: v })} error={errors.amount} required />
          <Select
            label="頻度"
            size="md"
            data={Object.entries(itemFrequencyLabels).map(([value, label]) => ({ value, label }))}
            value={f.frequency}
            onChange={(v) => v && setF({ ...f, frequency: v as 'once' | 'monthly' })}
            allowDeselect={false}
          />
          <MonthInput
            label="請求する月（毎月は開始月）"
            value={f.month_from}
            onChange={(month_from) => setF({ ...f, month_from })}
            error={errors.month_from}
          />
          <Select
            label="対象"
            size="md"
            data={(['facility', 'class'] as const).map((value) => ({ value, label: itemTargetLabels[value] }))}
            value={f.target}
            onChange={(v) => v && setF({ ...f, target: v as 'facility' | 'class' })}
            allowDeselect={false}
          />
          {f.target === 'class' && (
            <Select
              label="クラス"
              size="md"
              data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
              value={f.class_id === null ? null : String(f.class_id)}
              onChange={(v) => setF({ ...f, class_id: v ? Number(v) : null })}
              error={errors.class_id}
            />
          )}
        </SimpleGrid>
        <Textarea
          label="保護者への説明"
          size="md"
          autosize
          minRows={2}
          value={f.explanation}
          onChange={(e) => setF({ ...f, explanation: e.currentTarget.value })}
          error={errors.explanation}
          required
        />
        <FormActions submit="実費を追加" pending={add.isPending} size="md" />
      </Stack>
    </form>
  );
}
