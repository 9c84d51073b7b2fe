import { PasswordInput, Stack } from '@mantine/core';
import { fieldError } from './form-error';

interface Props {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  error: unknown;
  label?: string;
}

/** A new password and its confirmation, with the server's field errors under each. */
export function NewPasswordFields({ password, confirmation, onPassword, onConfirmation, error, label = 'パスワード' }: Props) {
  return (
    <Stack gap="sm">
      <PasswordInput
        label={label}
        description="10文字以上。推測されやすいものは使えません"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={fieldError(error, 'password')}
        visibilityToggleButtonProps={{ 'aria-label': 'パスワードを表示する' }}
      />
      <PasswordInput
        label={`${label}（確認）`}
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onConfirmation(e.currentTarget.value)}
        error={fieldError(error, 'password_confirmation')}
        visibilityToggleButtonProps={{ 'aria-label': 'パスワード（確認）を表示する' }}
      />
    </Stack>
  );
}
