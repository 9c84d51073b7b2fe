import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useChangeEmail } from '../api';
import { FormError, fieldError } from '../components/form-error';
import { IdpPage } from '../components/idp-page';

/** /users/setting/email: the new address takes effect once its mailed link is opened. */
export function ChangeEmailPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const change = useChangeEmail();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newEmail, setNewEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({
      current_password: currentPassword,
      new_email: newEmail,
      redirect_url: params.get('redirect_url') ?? undefined,
    });
  };

  return (
    <IdpPage title="メールアドレスの変更">
      <Text size="sm">
        現在のメールアドレス：<strong>{user?.email}</strong>
      </Text>
      {change.isSuccess ? (
        <Alert color="teal" role="status">
          <Text size="sm">{change.data.message}</Text>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError error={change.error} fields={['current_password', 'new_email']} />
            <TextInput
              label="新しいメールアドレス"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.currentTarget.value)}
              error={fieldError(change.error, 'new_email')}
            />
            <PasswordInput
              label="現在のパスワード"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.currentTarget.value)}
              error={fieldError(change.error, 'current_password')}
              visibilityToggleButtonProps={{ 'aria-label': 'パスワードを表示する' }}
            />
            <Button type="submit" size="md" loading={change.isPending} disabled={change.isPending}>
              確認メールを送信する
            </Button>
          </Stack>
        </form>
      )}
    </IdpPage>
  );
}
