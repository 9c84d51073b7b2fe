import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { ApiRequestError } from '@renraku/ui/api';
import { resetTokenQueryOptions, useResetPassword } from '../api';
import { FormError } from '../components/form-error';
import { IdpPage } from '../components/idp-page';
import { NewPasswordFields } from '../components/new-password-fields';

/** /password/new/{token}: a new password from the mailed link; an expired or used link → the expiry notice. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = useQuery(resetTokenQueryOptions(token));
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (check.isPending) return <Loading />;
  const linkDead = check.isError || (reset.error instanceof ApiRequestError && !!reset.error.body.errors?.token);
  if (linkDead) return <Navigate to="/password/reset/expired" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate(
      { token, password, password_confirmation: confirmation },
      {
        onSuccess: ({ message, redirect_url }) => {
          showSuccess(message);
          navigate(redirect_url.startsWith('/') ? redirect_url : '/login', { replace: true });
        },
      },
    );
  };

  return (
    <IdpPage title="新しいパスワードの設定">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError error={reset.error} fields={['password', 'password_confirmation']} />
          <NewPasswordFields
            label="新しいパスワード"
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            error={reset.error}
          />
          <Button type="submit" size="md" loading={reset.isPending} disabled={reset.isPending}>
            パスワードを再設定する
          </Button>
        </Stack>
      </form>
    </IdpPage>
  );
}
