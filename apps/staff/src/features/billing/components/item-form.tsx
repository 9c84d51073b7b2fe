import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { billingItemInput, itemFrequencyLabels, itemTargetLabels } from '@renraku/contract/staff';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useAddItem } from '../api';

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddItem(facilityId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(billingItemInput, { ...f, amount: typeof f.amount === 'number' ? f.amount : Number.NaN });
    setFailure(null);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    add.mutate(checked.data, {
      onSuccess: onDone,
      onError: (error) => {
        const split = serverFieldErrors(error, Object.keys(f));
        setErrors(split.fields);
        setFailure(split.rest);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="実費の追加" style={readableErrors}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="品目名"
            size="md"
            value={f.name}
            onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
            error={errors.name}
            required
          />
          <NumberInput
            label="金額"
            size="md"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            suffix="円"
            value={f.amount}
            onChange={(v) => setF({ ...f, amount: v })}
            error={errors.amount}
            required
          />
          <Select
            label="頻度"
            size="md"
            data={Object.entries(itemFrequencyLabels).map(([value, label]) => ({ value, label }))}
            value={f.frequency}
            onChange={(v) => v && setF({ ...f, frequency: v as 'once' | 'monthly' })}
            allowDeselect={false}
          />
          <TextInput
            label="請求する月（毎月は開始月）"
            type="month"
            size="md"
            value={f.month_from}
            onChange={(e) => setF({ ...f, month_from: e.currentTarget.value })}
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
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={add.isPending}>
            実費を追加
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
