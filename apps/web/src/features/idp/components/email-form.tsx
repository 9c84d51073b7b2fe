import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FormError, fieldError } from './form-error';

/**
 * The address a link is mailed to (新規登録, パスワードの再設定): sent with the `redirect_url` the page
 * was opened with; the server's answer under the field or above it.
 */
export function EmailForm({
  submit,
  error,
  pending,
  onSend,
}: {
  submit: string;
  error: unknown;
  pending: boolean;
  onSend: (body: { email: string; redirect_url: string | undefined }) => void;
}) {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSend({ email, redirect_url: params.get('redirect_url') ?? undefined });
  };
  return (
    <form onSubmit={send} noValidate>
      <Stack gap="md">
        <FormError error={error} fields={['email']} />
        <TextInput
          label="メールアドレス"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError(error, 'email')}
        />
        <Button type="submit" size="md" loading={pending} disabled={pending}>
          {submit}
        </Button>
      </Stack>
    </form>
  );
}
