import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { postStaffLogin } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useStaffLogin } from '../api';

/** The first step: the shared ID's email and password. */
export function PasswordStep() {
  const login = useStaffLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(postStaffLogin.body!, { email, password });
    setErrors(checked.errors ?? {});
    if (checked.data) login.mutate(checked.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError error={login.error} />
        <TextInput
          label="メールアドレス"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          required
        />
        <PasswordInput
          label="パスワード"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
          visibilityToggleButtonProps={{ 'aria-label': 'パスワードを表示' }}
        />
        <Button type="submit" loading={login.isPending} fullWidth size="lg">
          ログイン
        </Button>
      </Stack>
    </form>
  );
}
