import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { bankAccountInput, bankAccountTypeLabels, bankAccountTypes, debitSettingsInput } from '@renraku/contract/staff';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useSaveDebitSettings, useSavePayerAccount } from '../collection-api';

type Values = Record<string, string>;
const accountFields = ['bank_code', 'branch_code', 'account_type', 'account_number', 'holder'] as const;
const settingsFields = [
  'consignor_code',
  'consignor_name',
  'bank_code',
  'bank_name',
  'branch_code',
  'branch_name',
  'account_type',
  'account_number',
] as const;
const labels: Record<string, string> = {
  consignor_code: '委託者コード（10桁）',
  consignor_name: '委託者名（カナ）',
  bank_code: '金融機関コード（4桁）',
  bank_name: '金融機関名（カナ）',
  branch_code: '支店コード（3桁）',
  branch_name: '支店名（カナ）',
  account_number: '口座番号（7桁以内）',
  holder: '口座名義（カナ）',
};

function Fields({
  names,
  values,
  errors,
  set,
}: {
  names: readonly string[];
  values: Values;
  errors: FieldErrors;
  set: (v: Values) => void;
}) {
  return (
    <SimpleGrid cols={2}>
      {names.map((name) =>
        name === 'account_type' ? (
          <Select
            key={name}
            label="預金種目"
            size="md"
            data={bankAccountTypes.map((t) => ({ value: t, label: bankAccountTypeLabels[t] }))}
            value={values[name] ?? 'ordinary'}
            onChange={(v) => v && set({ ...values, [name]: v })}
            allowDeselect={false}
            error={errors[name]}
          />
        ) : (
          <TextInput
            key={name}
            label={labels[name]}
            size="md"
            value={values[name] ?? ''}
            onChange={(e) => set({ ...values, [name]: e.currentTarget.value })}
            error={errors[name]}
          />
        ),
      )}
    </SimpleGrid>
  );
}

/** One form for both: a payer's account from the paper 預金口座振替依頼書, or the facility's 委託者 settings. */
export function BankAccountForm({
  facilityId,
  userId,
  initial = {},
  onDone,
  onCancel,
}: {
  facilityId: number;
  /** The payer; absent: the facility's 委託者 settings. */
  userId?: number;
  initial?: Values;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const payer = userId !== undefined;
  const names = payer ? accountFields : settingsFields;
  const [values, setValues] = useState<Values>({ account_type: 'ordinary', ...initial });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const saveAccount = useSavePayerAccount(facilityId);
  const saveSettings = useSaveDebitSettings(facilityId);
  const pending = saveAccount.isPending || saveSettings.isPending;
  const onError = (error: unknown) => {
    const split = serverFieldErrors(error, names);
    setErrors(split.fields);
    setFailure(split.rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, k.endsWith('name') || k === 'holder' ? v : v.trim()]),
    );
    if (payer) {
      const checked = validate(bankAccountInput, trimmed);
      if (checked.errors) return setErrors(checked.errors);
      setErrors({});
      saveAccount.mutate({ userId, body: checked.data }, { onSuccess: onDone, onError });
    } else {
      const checked = validate(debitSettingsInput, trimmed);
      if (checked.errors) return setErrors(checked.errors);
      setErrors({});
      saveSettings.mutate(checked.data, { onSuccess: onDone, onError });
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={payer ? '口座の入力' : '委託者設定'} style={readableErrors}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {failure}
          </Alert>
        )}
        <Fields names={names} values={values} errors={errors} set={setValues} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" size="md" onClick={onCancel}>
              キャンセル
            </Button>
          )}
          <Button type="submit" size="md" loading={pending}>
            保存する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
