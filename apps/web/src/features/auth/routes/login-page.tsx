import { Alert, Anchor, Button, Checkbox, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { FooterLinks } from '../../info/components/footer-links';
import { errorText } from '../../../lib/api';
import { idpUrl } from '../../../lib/idp';
import { isSafePath } from '../../../lib/safe-path';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';
import { useCurrentUser, useLogin } from '../api';

/** Where to go after signing in (A §4): the referrer path, else the server's path, else /main. */
function nextLocation(referrer: string | null, serverPath: string, nextPath: string) {
  if (isSafePath(referrer)) return { to: referrer };
  if (serverPath === '/terms') return { to: '/terms', state: { next_path: nextPath } };
  return { to: isSafePath(serverPath) ? serverPath : '/main' };
}

export function LoginPage() {
  usePageTitle('ログイン');
  const operator = useOperator();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referrer = searchParams.get('referrer_path');
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  if (user && !login.isPending && !login.isSuccess) return <Navigate to={isSafePath(referrer) ? referrer : '/main'} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password, remember },
      {
        onSuccess: (data) => {
          const next = nextLocation(referrer, data.path, data.next_path);
          navigate(next.to, { replace: true, state: next.state });
        },
      },
    );
  };

  return (
    <Container size={420} px="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4} align="center">
          <Title order={1} size="h2" c="brand.8">
            {operator.app_name}
          </Title>
          <Text size="sm" c="dimmed">
            {operator.id_service_name}でログイン
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {login.isError && (
              <Alert color="red" role="alert" data-qa="login-error">
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {errorText(login.error)}
                </Text>
              </Alert>
            )}
            <TextInput
              label="メールアドレス"
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="パスワード"
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'パスワードを表示する' }}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Checkbox label="ログイン状態を保持する" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
            <Button type="submit" size="md" fullWidth loading={login.isPending} disabled={login.isPending}>
              ログイン
            </Button>
          </Stack>
        </form>
        <Stack gap="xs" align="center">
          <Anchor href={idpUrl(operator, 'reset-password', '/login')} size="sm">
            パスワードをお忘れの方はこちら
          </Anchor>
          <Anchor href={idpUrl(operator, 'authorize', '/login')} size="sm">
            {operator.id_service_name}を新規登録する
          </Anchor>
          <Anchor component={Link} to="/migration/about-id" size="sm">
            {operator.id_service_name}について
          </Anchor>
        </Stack>
        <FooterLinks />
      </Stack>
    </Container>
  );
}
