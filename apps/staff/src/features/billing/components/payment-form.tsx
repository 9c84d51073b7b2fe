import { NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  billingPaymentInput,
  paymentMethodLabels,
  paymentMethods,
  yenLabel,
  type BillingStatement,
} from '@renraku/contract/staff';
import { FormActions } from '../../../components/form-actions';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { todayInTokyo } from '@renraku/ui/dates';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useRecordPayment } from '../api';

/** A payment at the office: cash (a receipt number is issued) or a transfer seen on the bank statement. */
export function PaymentForm({
  facilityId,
  statement,
  onDone,
  onCancel,
}: {
  facilityId: number;
  statement: BillingStatement;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [method, setMethod] = useState<(typeof paymentMethods)[number]>('cash');
  const [paidOn, setPaidOn] = useState(todayInTokyo());
  const [amount, setAmount] = useState<number | string>(statement.total);
  const { errors, failure, check, fail } = useCheckedForm(['method', 'paid_on', 'amount']);
  const record = useRecordPayment(facilityId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check(billingPaymentInput, {
      method,
      paid_on: paidOn,
      amount: typeof amount === 'number' ? amount : Number.NaN,
    });
    if (body) record.mutate({ statementId: statement.id!, body }, { onSuccess: onDone, onError: fail });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="入金の記録" style={readableErrors}>
      <Stack gap="sm">
        <FormError error={failure} />
        <Select
          label="方法"
          size="md"
          data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
          value={method}
          onChange={(v) => v && setMethod(v as typeof method)}
          allowDeselect={false}
          error={errors.method}
        />
        <TextInput
          label="入金日"
          type="date"
          size="md"
          value={paidOn}
          onChange={(e) => setPaidOn(e.currentTarget.value)}
          error={errors.paid_on}
        />
        <NumberInput
          label="入金額（円）"
          description={`請求額 ${yenLabel(statement.total)}`}
          size="md"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={amount}
          onChange={setAmount}
          error={errors.amount}
        />
        <FormActions submit="記録する" pending={record.isPending} onCancel={onCancel} size="md" />
      </Stack>
    </form>
  );
}
