import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { errorText } from '@renraku/ui/api';
import { useOperator } from '../../../lib/operator';
import { signupTokenQueryOptions, useCompleteSignup } from '../api';
import { FormError, fieldError } from '../components/form-error';
import { IdpPage } from '../components/idp-page';
import { NewPasswordFields } from '../components/new-password-fields';

/** /users/register/{token}: password and agreement to the terms; then signed in, back to redirect_url. */
export function SignupCompletePage() {
  const { token = '' } = useParams();
  const { id_service_name } = useOperator();
  const navigate = useNavigate();
  const check = useQuery(signupTokenQueryOptions(token));
  const complete = useCompleteSignup();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [agreed, setAgreed] = useState(false);

  if (check.isPending) return <Loading />;
  if (check.isError) {
    return (
      <IdpPage title={`${id_service_name}の新規登録`}>
        <Text role="alert">{errorText(check.error)}</Text>
        <Anchor component={Link} to="/users/register">
          もう一度登録手続きを行う
        </Anchor>
      </IdpPage>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    complete.mutate(
      { token, password, password_confirmation: confirmation, agreed: agreed as true },
      {
        onSuccess: ({ redirect_url }) => {
          if (redirect_url.startsWith('/')) navigate(redirect_url, { replace: true });
          else window.location.assign(redirect_url);
        },
      },
    );
  };

  return (
    <IdpPage title="パスワードの設定">
      <Text size="sm">
        メールアドレス：<strong>{check.data.email}</strong>
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError error={complete.error} fields={['password', 'password_confirmation', 'agreed']} />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            error={complete.error}
          />
          <Anchor component={Link} to="/terms" target="_blank" size="sm">
            利用規約を読む（新しいタブで開きます）
          </Anchor>
          <Checkbox
            label="利用規約に同意する"
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            error={fieldError(complete.error, 'agreed')}
          />
          <Button type="submit" size="md" loading={complete.isPending} disabled={complete.isPending}>
            登録する
          </Button>
        </Stack>
      </form>
    </IdpPage>
  );
}
