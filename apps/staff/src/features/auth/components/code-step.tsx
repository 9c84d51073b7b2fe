import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { postStaffLoginTotp } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { validate } from '../../../lib/validate';
import { useCancelSignIn, useStaffLoginTotp } from '../api';

/** The second step: the authenticator app's 6-digit code, or one of the recovery codes. */
export function CodeStep() {
  const verify = useStaffLoginTotp();
  const cancel = useCancelSignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(postStaffLoginTotp.body!, { code });
    setError(checked.errors?.code);
    if (checked.data) verify.mutate(checked.data.code);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>認証アプリに表示されている6桁の確認コードを入力してください。</Text>
        <FormError error={verify.error} />
        <TextInput
          label="確認コード"
          description="スマートフォンが手元にないときは、回復コード（例: abcd-1234）を入力できます"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          required
        />
        <Button type="submit" loading={verify.isPending} fullWidth size="lg">
          確認
        </Button>
        <Anchor component="button" type="button" onClick={() => cancel.mutate()} ta="center" py="xs">
          別のアカウントでログイン
        </Anchor>
      </Stack>
    </form>
  );
}
