import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useOperator } from '../../../lib/operator';
import { useSignup } from '../api';
import { FormError, fieldError } from '../components/form-error';
import { IdpPage } from '../components/idp-page';

/** /users/register: the address to verify; then /email/sent (A §2 "Registration mail sent"). */
export function SignupPage() {
  const { id_service_name } = useOperator();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signup = useSignup();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signup.mutate(
      { email, redirect_url: params.get('redirect_url') ?? undefined },
      { onSuccess: () => navigate('/email/sent', { state: { referrer: '/users/register' } }) },
    );
  };

  return (
    <IdpPage title={`${id_service_name}の新規登録`}>
      <Text size="sm">ご登録いただくメールアドレスを入力してください。確認用のURLをメールでお送りします。</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError error={signup.error} fields={['email']} />
          <TextInput
            label="メールアドレス"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError(signup.error, 'email')}
          />
          <Button type="submit" size="md" loading={signup.isPending} disabled={signup.isPending}>
            確認メールを送信する
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        登録済みの方はログイン
      </Anchor>
    </IdpPage>
  );
}
