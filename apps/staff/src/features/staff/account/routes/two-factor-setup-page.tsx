import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadFailure } from '../../../../components/load-failure';
import { Loading } from '@renraku/ui/loading';
import { usePageTitle } from '../../../../lib/page-title';
import { useSignOut } from '../../../../lib/session-actions';
import { useStaffMe } from '../../../../lib/staff-session';
import { useRefreshMe } from '../api';
import { TotpSetup } from '../components/totp-setup';

/**
 * `/staff/two-factor/setup`: the forced enrolment of a sign-in that must set up 2FA before anything
 * else (stage `totp_setup`, staff.md §1); once the recovery codes are put away, on to the app.
 */
export function TwoFactorSetupPage() {
  usePageTitle('二段階認証の設定');
  const { data: me, isPending, error, refetch } = useStaffMe();
  const refreshMe = useRefreshMe();
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  // Once the codes show, the session is complete: stay here until they have been put away.
  const [enrolled, setEnrolled] = useState(false);

  if (isPending) return <Loading />;
  if (error) return <LoadFailure onRetry={() => void refetch()} />;
  if (!enrolled) {
    if (!me || me.stage === 'totp') return <Navigate to="/login" replace />;
    if (me.stage === 'ok') return <Navigate to="/" replace />;
  }

  return (
    <Container size="sm" py={48} px="md">
      <Stack gap="lg">
        <Title order={1} size="h2">
          二段階認証の設定
        </Title>
        <Text>スタッフとしてログインするには、二段階認証の設定が必要です。</Text>
        <Paper withBorder p="xl" radius="md">
          <TotpSetup
            onEnabled={() => setEnrolled(true)}
            onDone={() => {
              void refreshMe().then(() => navigate('/', { replace: true }));
            }}
          />
        </Paper>
        {!enrolled && (
          <Anchor component="button" type="button" onClick={() => void signOut()} ta="center" py="xs">
            ログアウト
          </Anchor>
        )}
      </Stack>
    </Container>
  );
}
