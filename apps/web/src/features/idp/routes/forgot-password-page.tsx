import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForgotPassword } from '../api';
import { FormError, fieldError } from '../components/form-error';
import { IdpPage } from '../components/idp-page';

/** /password/forgot: asks for a reset link; the same answer whether the address is registered or not. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.mutate({ email, redirect_url: params.get('redirect_url') ?? undefined });
  };

  return (
    <IdpPage title="パスワードの再設定">
      {forgot.isSuccess ? (
        <Alert color="teal" role="status">
          <Text size="sm">{forgot.data.message}</Text>
        </Alert>
      ) : (
        <>
          <Text size="sm">
            ご登録のメールアドレスを入力してください。パスワード再設定用のURLをお送りします（有効期限：60分）。
          </Text>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <FormError error={forgot.error} fields={['email']} />
              <TextInput
                label="メールアドレス"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={fieldError(forgot.error, 'email')}
              />
              <Button type="submit" size="md" loading={forgot.isPending} disabled={forgot.isPending}>
                再設定メールを送信する
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        ログイン画面へ戻る
      </Anchor>
    </IdpPage>
  );
}
