import { Button, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  bankAccountErrors,
  bankAccountMessages,
  bankAccountTypeLabels,
  bankAccountTypes,
  billingDebitFormPdfPath,
  toZenginKana,
  type BankAccount,
} from '@renraku/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { ApiRequestError } from '@renraku/ui/api';
import { billingAccountsQueryOptions, useSaveBillingAccount } from '../api';

type Fields = { bank_code: string; branch_code: string; account_type: string; account_number: string; holder: string };
const empty: Fields = { bank_code: '', branch_code: '', account_type: 'ordinary', account_number: '', holder: '' };
/** Full-width digits typed on a phone count as digits. */
const digits = (v: string) => v.normalize('NFKC').replace(/\s/g, '');

function Registered({ account, facilityId }: { account: BankAccount; facilityId: number }) {
  return (
    <Stack gap={2} data-testid="registered-account">
      <Text size="sm">
        金融機関コード {account.bank_code} ／ 支店コード {account.branch_code}
      </Text>
      <Text size="sm">
        {bankAccountTypeLabels[account.account_type]} {account.account_number_masked}
      </Text>
      <Text size="sm">口座名義 {account.holder}</Text>
      {/* The bank's paper form to sign and take to the facility (spec/billing.md §4): a file, not a screen. */}
      <Button
        component="a"
        href={billingDebitFormPdfPath.replace('{facilityId}', String(facilityId))}
        download
        variant="light"
        mt="xs"
        data-testid="debit-form-link"
      >
        預金口座振替依頼書（PDF）
      </Button>
    </Stack>
  );
}

function AccountForm({ facilityId, registered }: { facilityId: number; registered: boolean }) {
  const save = useSaveBillingAccount(facilityId);
  const [v, setV] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const field = (name: keyof Fields) => ({
    value: v[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => setV({ ...v, [name]: e.currentTarget.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...v,
      bank_code: digits(v.bank_code),
      branch_code: digits(v.branch_code),
      account_number: digits(v.account_number),
    };
    const found = bankAccountErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body as Parameters<typeof save.mutate>[0], {
      onSuccess: () => {
        showSuccess(bankAccountMessages.saved);
        setV(empty);
      },
      onError: (e) => {
        if (e instanceof ApiRequestError && e.body.errors)
          setErrors(Object.fromEntries(Object.entries(e.body.errors).map(([k, m]) => [k, m[0]])));
        showFailure(e);
      },
    });
  };
  const kana = v.holder ? toZenginKana(v.holder) : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="金融機関コード（4桁）" inputMode="numeric" maxLength={4} required {...field('bank_code')} />
        <TextInput label="支店コード（3桁）" inputMode="numeric" maxLength={3} required {...field('branch_code')} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`type-${facilityId}`}>
            預金種目
          </Text>
          <SegmentedControl
            aria-labelledby={`type-${facilityId}`}
            value={v.account_type}
            onChange={(value) => setV({ ...v, account_type: value })}
            data={bankAccountTypes.map((t) => ({ value: t, label: bankAccountTypeLabels[t] }))}
          />
        </Stack>
        <TextInput label="口座番号（7桁以内）" inputMode="numeric" maxLength={7} required {...field('account_number')} />
        <TextInput
          label="口座名義（カナ）"
          description={kana ? `通帳の表記：${kana}` : '例：ヤマダ タロウ'}
          required
          {...field('holder')}
        />
        <Button type="submit" loading={save.isPending} disabled={save.isPending}>
          {registered ? '口座を変更する' : '口座を登録する'}
        </Button>
      </Stack>
    </form>
  );
}

/** /billing/account: the main guardian's 口座振替 account at each facility (spec/billing.md §4). */
export function AccountPage() {
  const { data, isPending, error } = useQuery(billingAccountsQueryOptions());
  return (
    <Page title="口座振替の口座">
      <Text size="sm">保育料等は登録した口座から、お支払い期日に引き落とします。口座番号は下3桁のみ表示します。</Text>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Text c="red.9">{error.message}</Text>
      ) : data.length === 0 ? (
        <Text c="dimmed">{bankAccountMessages.notMain}</Text>
      ) : (
        data.map((f) => (
          <Paper
            key={f.facility_id}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={`facility-${f.facility_id}`}
          >
            <Stack gap="sm">
              <Title order={2} size="h5" id={`facility-${f.facility_id}`}>
                {f.facility_name}
              </Title>
              {f.account ? (
                <Registered account={f.account} facilityId={f.facility_id} />
              ) : (
                <Text size="sm">口座は未登録です</Text>
              )}
              <AccountForm facilityId={f.facility_id} registered={!!f.account} />
            </Stack>
          </Paper>
        ))
      )}
    </Page>
  );
}
