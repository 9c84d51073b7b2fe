import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { LoadFailure } from '../../../components/load-failure';
import { Loading } from '@renraku/ui/loading';
import { usePageTitle } from '../../../lib/page-title';
import { isSafePath } from '@renraku/ui';
import { useStaffMe } from '../../../lib/staff-session';
import { CodeStep } from '../components/code-step';
import { PasswordStep } from '../components/password-step';

/**
 * `/staff/login` (staff.md §1): email and password, then the TOTP code when 2FA is on; a sign-in
 * that must enrol 2FA first goes on to the forced setup. Which step shows follows the server's
 * stage of the session (`getStaffMe`), so a reload keeps the step.
 */
export function LoginPage() {
  usePageTitle('ログイン');
  const [params] = useSearchParams();
  const { data: me, isPending, error, refetch } = useStaffMe();
  const next = params.get('next');

  if (isPending) return <Loading />;
  if (error) return <LoadFailure onRetry={() => void refetch()} />;
  if (me?.stage === 'ok') return <Navigate to={isSafePath(next) ? next : '/'} replace />;
  if (me?.stage === 'totp_setup') return <Navigate to="/two-factor/setup" replace />;

  return (
    <Container size={460} py={48} px="md">
      <Stack gap="lg">
        <Stack gap={4} align="center">
          <Text fw={700} c="brand.8" size="lg">
            れんらくノート
          </Text>
          <Title order={1} size="h2">
            {me?.stage === 'totp' ? '二段階認証' : '施設スタッフ ログイン'}
          </Title>
        </Stack>
        <Paper withBorder p="xl" radius="md">
          {me?.stage === 'totp' ? <CodeStep /> : <PasswordStep />}
        </Paper>
        <Text size="sm" c="dimmed" ta="center">
          保護者の方は保護者用アプリからログインしてください。
        </Text>
      </Stack>
    </Container>
  );
}
