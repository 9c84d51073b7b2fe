import { NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { billingAdjustmentInput, type BillingStatement } from '@renraku/contract/staff';
import { FormActions } from '../../../components/form-actions';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
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
  const { errors, failure, check, fail } = useCheckedForm(['child_id', 'amount', 'reason']);
  const add = useAddAdjustment(facilityId, month);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = check(billingAdjustmentInput, {
      child_id: Number(childId),
      amount: typeof amount === 'number' ? amount : Number.NaN,
      reason,
    });
    if (data) add.mutate(data, { onSuccess: onDone, onError: fail });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="調整の追加" style={readableErrors}>
      <Stack gap="sm">
        <FormError error={failure} />
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
        <FormActions submit="追加する" pending={add.isPending} onCancel={onCancel} size="md" />
      </Stack>
    </form>
  );
}
