import { Button, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { messages } from '@renraku/contract';
import { showFailure } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { useLogout } from '../../auth/api';

/** My page until the children-and-guardians issue builds it: for now it offers logout (A §4). */
export function SettingsPlaceholder() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Page title="マイページ">
      <Text c="dimmed">マイページの各種設定は現在準備中です。</Text>
      <Button
        variant="outline"
        color="gray"
        loading={logout.isPending}
        disabled={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onSuccess: () => navigate('/login', { replace: true }),
            onError: () => showFailure(messages.logoutFailed),
          })
        }
      >
        ログアウト
      </Button>
    </Page>
  );
}
