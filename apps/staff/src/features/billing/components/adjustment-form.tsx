import { Alert, Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { billingAdjustmentInput, type BillingStatement } from '@renraku/contract/staff';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useAddAdjustment } from '../api';

/** A signed adjustment of a child's lines with its reason (a credit is negative); audited by the server. */
export function AdjustmentForm({
  facilityId,
  month,
  statement,
  onDone,
  onCancel,
}: {
  facilityId: number;
  month: string;
  statement: BillingStatement;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [childId, setChildId] = useState(String(statement.children[0]?.id ?? ''));
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddAdjustment(facilityId, month);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(billingAdjustmentInput, {
      child_id: Number(childId),
      amount: typeof amount === 'number' ? amount : Number.NaN,
      reason,
    });
    setFailure(null);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    add.mutate(checked.data, {
      onSuccess: onDone,
      onError: (error) => {
        const split = serverFieldErrors(error, ['child_id', 'amount', 'reason']);
        setErrors(split.fields);
        setFailure(split.rest);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="調整の追加" style={readableErrors}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {failure}
          </Alert>
        )}
        <Select
          label="園児"
          size="md"
          data={statement.children.map((c) => ({ value: String(c.id), label: c.name }))}
          value={childId}
          onChange={(v) => setChildId(v ?? '')}
          allowDeselect={false}
          error={errors.child_id}
        />
        <NumberInput
          label="金額（円）"
          description="減額はマイナスで入力します（例：-500）"
          size="md"
          allowDecimal={false}
          thousandSeparator=","
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          required
        />
        <TextInput
          label="理由"
          description="保護者の明細に表示されます"
          size="md"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onCancel}>
            キャンセル
          </Button>
          <Button type="submit" size="md" loading={add.isPending}>
            追加する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
