import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useChangePassword } from '../api';
import { FormError, fieldError } from '../components/form-error';
import { IdpPage } from '../components/idp-page';
import { NewPasswordFields } from '../components/new-password-fields';

/** /users/setting/password: needs the current password; other devices are signed out. */
export function ChangePasswordPage() {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ current_password: currentPassword, password, password_confirmation: confirmation });
  };

  return (
    <IdpPage title="パスワードの変更">
      {change.isSuccess ? (
        <Alert color="teal" role="status">
          <Text size="sm">{change.data.message}。ほかの端末ではログアウトしました。</Text>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError error={change.error} fields={['current_password', 'password', 'password_confirmation']} />
            <PasswordInput
              label="現在のパスワード"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.currentTarget.value)}
              error={fieldError(change.error, 'current_password')}
              visibilityToggleButtonProps={{ 'aria-label': '現在のパスワードを表示する' }}
            />
            <NewPasswordFields
              label="新しいパスワード"
              password={password}
              confirmation={confirmation}
              onPassword={setPassword}
              onConfirmation={setConfirmation}
              error={change.error}
            />
            <Button type="submit" size="md" loading={change.isPending} disabled={change.isPending}>
              変更する
            </Button>
          </Stack>
        </form>
      )}
    </IdpPage>
  );
}
